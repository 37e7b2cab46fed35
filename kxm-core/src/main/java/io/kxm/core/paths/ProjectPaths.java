package io.kxm.core.paths;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where a project's workspace files live, under {@code <root>/.kxm}: the hub store, logs, assets.
 * {@code KXM_DATA_PATH} and {@code KXM_LOGS_DIR} move the store and the logs.
 */
public record ProjectPaths(Path root, Path dataPath, Path logsDir) {

  public static ProjectPaths fromEnvironment(Path projectRoot, Map<String, String> env) {
    Path root = projectRoot.toAbsolutePath().normalize();
    Path kxm = root.resolve(".kxm");
    Path data = pathOr(env.get("KXM_DATA_PATH"), kxm.resolve("state").resolve("kxm.db"));
    Path logs = pathOr(env.get("KXM_LOGS_DIR"), kxm.resolve("logs"));
    return new ProjectPaths(root, data, logs);
  }

  public Path kxmDir() {
    return root.resolve(".kxm");
  }

  public Path stateDir() {
    return kxmDir().resolve("state");
  }

  /** Process claim of a running hub started from this project. */
  public Path hubPidFile() {
    return stateDir().resolve("hub.json");
  }

  private static Path pathOr(String value, Path fallback) {
    return value == null || value.isBlank() ? fallback : Path.of(value).toAbsolutePath();
  }
}
