package io.kxm.runtime.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.sync.SyncLimits;
import io.kxm.runtime.project.ProjectKeys;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hub one project's runtime syncs to: its base URL, the project token it pushes with and the
 * hub project that token proved. Kept per project in {@code
 * runtime/projects/<key>/hub-binding.json} under the state root, beside that project's event store,
 * written owner-only, so binding one repository never sends another's runs to its hub; {@link
 * #toString()} never shows the token.
 */
public record HubBinding(URI url, String token, String project, Instant boundAt) {
  private static final Pattern PROJECT_KEY = Pattern.compile("[0-9a-f]{24}");

  public HubBinding {
    url = requireUrl(url == null ? null : url.toString());
    if (token == null
        || token.isEmpty()
        || token.length() > 512
        || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw invalid("the binding's token is missing or malformed");
    }
    if (project == null || !SyncLimits.PROJECT.matcher(project).matches()) {
      throw invalid("the binding's project '" + project + "' is not a project name");
    }
    if (boundAt == null) {
      throw invalid("the binding has no boundAt time");
    }
  }

  /** The binding file of the project whose key ({@link ProjectKeys#key}) is {@code projectKey}. */
  public static Path file(StatePaths state, String projectKey) {
    if (projectKey == null || !PROJECT_KEY.matcher(projectKey).matches()) {
      throw new IllegalArgumentException("not a project key: " + projectKey);
    }
    return ProjectKeys.eventStore(state, projectKey).resolveSibling("hub-binding.json");
  }

  /** The binding of one project, empty when it was never bound. */
  public static Optional<HubBinding> load(StatePaths state, String projectKey) {
    return load(file(state, projectKey));
  }

  /** The binding kept in {@code file}, empty when there is none. */
  public static Optional<HubBinding> load(Path file) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonNode node = Json.read(Files.readString(file));
      return Optional.of(
          new HubBinding(
              URI.create(node.path("url").asString("")),
              node.path("token").asString(null),
              node.path("project").asString(null),
              Instant.parse(node.path("boundAt").asString(""))));
    } catch (IOException | RuntimeException e) {
      if (e instanceof KxmException k && k.code() == ErrorCode.SYNC_BINDING_INVALID) {
        throw k;
      }
      throw invalid(file + " cannot be read: " + e.getClass().getSimpleName());
    }
  }

  /** Writes the project's binding owner-only through a temporary file and a rename. */
  public void save(StatePaths state, String projectKey) {
    ObjectNode node = Json.object();
    node.put("url", url.toString());
    node.put("project", project);
    node.put("boundAt", boundAt.toString());
    node.put("token", token);
    SecureFiles.writeOwnerOnly(file(state, projectKey), Json.writeBytes(node));
  }

  /**
   * Checks a hub base URL: http or https, a host, no path, query or user info.
   *
   * @throws KxmException {@code invalid_request} naming the expected shape
   */
  public static URI requireUrl(String text) {
    String trimmed = text == null ? "" : text.strip();
    if (trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    try {
      URI uri = new URI(trimmed);
      String scheme = uri.getScheme();
      if (("http".equals(scheme) || "https".equals(scheme))
          && uri.getHost() != null
          && uri.getRawUserInfo() == null
          && (uri.getRawPath() == null || uri.getRawPath().isEmpty())
          && uri.getRawQuery() == null
          && uri.getRawFragment() == null) {
        return uri;
      }
    } catch (URISyntaxException e) {
      // Reported below with the expected shape.
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST,
        "'" + text + "' is not a hub base URL like http://127.0.0.1:7331",
        "Give the scheme, host and port of the hub, without a path.");
  }

  @Override
  public String toString() {
    return "HubBinding[url=" + url + ", project=" + project + ", boundAt=" + boundAt + "]";
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.SYNC_BINDING_INVALID, message);
  }
}
