package io.kxm.cli.setup;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON configuration file an agent CLI reads, edited as a tree: every key kxm does not set is
 * kept, in its order; an unchanged tree keeps the file's own text.
 */
final class JsonConfig {
  private static final DefaultPrettyPrinter PRINTER =
      new DefaultPrettyPrinter(
              Separators.createDefaultInstance()
                  .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                  .withObjectEmptySeparator("")
                  .withArrayEmptySeparator(""))
          .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"))
          .withObjectIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));

  private final Path path;
  private final String before;
  private final ObjectNode tree;

  private JsonConfig(Path path, String before, ObjectNode tree) {
    this.path = path;
    this.before = before;
    this.tree = tree;
  }

  /**
   * @throws KxmException {@code setup_file_invalid} when the file is no JSON object
   */
  static JsonConfig read(Path path) {
    return readText(path, TextFiles.read(path));
  }

  /** {@link #read} of text already read, null for a file that does not exist. */
  static JsonConfig readText(Path path, String text) {
    if (text == null || text.isBlank()) {
      return new JsonConfig(path, text, Json.object());
    }
    JsonNode node;
    try {
      node = InputJson.read(text);
    } catch (KxmException e) {
      throw new KxmException(
          ErrorCode.SETUP_FILE_INVALID, path + " is not valid JSON: " + e.getMessage(), e);
    }
    if (!(node instanceof ObjectNode object)) {
      throw new KxmException(
          ErrorCode.SETUP_FILE_INVALID, path + " holds JSON but no object at its top");
    }
    return new JsonConfig(path, text, object);
  }

  ObjectNode tree() {
    return tree;
  }

  /** The object under {@code key}, made when missing. */
  static ObjectNode object(ObjectNode parent, String key, Path file) {
    JsonNode node = parent.get(key);
    if (node == null || node.isNull()) {
      return parent.putObject(key);
    }
    if (node instanceof ObjectNode object) {
      return object;
    }
    throw new KxmException(
        ErrorCode.SETUP_CONFLICT,
        file + ": '" + key + "' is not an object, and kxm setup adds to it");
  }

  /** The array under {@code key}, made when missing. */
  static ArrayNode array(ObjectNode parent, String key, Path file) {
    JsonNode node = parent.get(key);
    if (node == null || node.isNull()) {
      return parent.putArray(key);
    }
    if (node instanceof ArrayNode array) {
      return array;
    }
    throw new KxmException(
        ErrorCode.SETUP_CONFLICT,
        file + ": '" + key + "' is not an array, and kxm setup adds to it");
  }

  /** The change: the file's own text when the tree equals what it held. */
  FileChange change(boolean secret) {
    if (before != null && !before.isBlank()) {
      JsonNode old = InputJson.read(before);
      if (old.equals(tree)) {
        return new FileChange(path, before, before, secret);
      }
    }
    String after = Json.MAPPER.writer().with(PRINTER).writeValueAsString(tree) + "\n";
    return new FileChange(path, before, after, secret);
  }

  /** Reading the files a setup edits. */
  static final class TextFiles {
    private TextFiles() {}

    /** The file's text, null when it does not exist. */
    static String read(Path path) {
      if (!Files.exists(path)) {
        return null;
      }
      try {
        return Files.readString(path, StandardCharsets.UTF_8);
      } catch (IOException | SecurityException e) {
        throw new KxmException(
            ErrorCode.SETUP_FILE_INVALID, "could not read " + path + ": " + e.getMessage(), e);
      }
    }
  }
}
