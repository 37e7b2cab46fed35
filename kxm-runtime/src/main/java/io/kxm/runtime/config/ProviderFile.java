package io.kxm.runtime.config;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Reads the user's {@code providers.yaml}: the model providers' base URLs, wire and keys the
 * runtime supervisor gives harnesses. It goes through the same restricted YAML and closed schema as
 * {@code .kxm/}, so a duplicate or misspelt key is an error, never ignored; a file that holds a key
 * must be readable by its owner alone.
 */
public final class ProviderFile {
  public static final String NAME = "providers.yaml";

  private ProviderFile() {}

  /**
   * The file's settings; empty when there is no file.
   *
   * @throws KxmException {@code config_invalid} listing each error of a refused file
   */
  public static Optional<JsonNode> read(Path file) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      throw refused(file, "it must be a regular file, not a link or a folder");
    }
    YamlDocument document;
    try {
      byte[] bytes = Files.readAllBytes(file);
      if (bytes.length > RestrictedYaml.MAX_BYTES) {
        throw refused(file, "it is larger than " + RestrictedYaml.MAX_BYTES + " bytes");
      }
      document = RestrictedYaml.parse(ConfigLoader.utf8(bytes));
    } catch (CharacterCodingException e) {
      throw refused(file, "it is not UTF-8 text");
    } catch (IOException e) {
      throw refused(file, "it cannot be read: " + e.getMessage());
    } catch (RestrictedYaml.Refused e) {
      throw refused(file, e.toError(file.toString()).toString());
    }
    List<ConfigError> errors = ConfigSchemas.check(ConfigKind.PROVIDERS, file.toString(), document);
    if (!errors.isEmpty()) {
      throw refused(
          file,
          errors.stream()
              .map(ConfigError::toString)
              .collect(Collectors.joining("\n  ", "\n  ", "")));
    }
    JsonNode root = document.root();
    if (holdsKey(root) && sharedWithOthers(file)) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          file + " holds an API key but other users may read it",
          "Run 'chmod 600 " + file + "', or keep the key in the environment instead.");
    }
    return Optional.of(root);
  }

  private static boolean holdsKey(JsonNode root) {
    return root.path("anthropic").has("apiKey") || root.path("openai").has("apiKey");
  }

  private static boolean sharedWithOthers(Path file) {
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
      return permissions.stream()
          .anyMatch(p -> p.name().startsWith("GROUP_") || p.name().startsWith("OTHERS_"));
    } catch (IOException e) {
      return true;
    }
  }

  private static KxmException refused(Path file, String why) {
    // a schema error may quote the value it refused, and that value may be a key
    return new KxmException(
        ErrorCode.CONFIG_INVALID,
        "the provider settings in " + file + " are refused: " + Redactor.redact(why),
        "Fix the file (see docs/runtime-providers.md) or move it away, then start the runtime"
            + " again.");
  }
}
