package io.kxm.hub;

import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.settings.EnvSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Reads {@link HubConfig} from {@code KXM_*} environment variables. */
final class EnvConfig {
  private EnvConfig() {}

  /** {@code KXM_SHUTDOWN_GRACE_MS}: how long a stopping hub waits for calls in flight. */
  static Duration shutdownGrace(Map<String, String> env) {
    return EnvSettings.of(env)
        .millis(
            "KXM_SHUTDOWN_GRACE_MS",
            Duration.ofMillis(HubConfig.DEFAULT_GRACE_MS),
            Duration.ZERO,
            Duration.ofHours(1));
  }

  static HubConfig read(Map<String, String> env, Path projectRoot) {
    EnvSettings read = EnvSettings.of(env);
    String stateHome = read.string("KXM_STATE_HOME");
    if (stateHome != null && !Path.of(stateHome).isAbsolute()) {
      throw EnvSettings.invalid(
          "KXM_STATE_HOME", "must be an absolute path, got '" + stateHome + "'");
    }
    return new HubConfig(
        read.string("KXM_HOST", HubConfig.DEFAULT_HOST),
        read.integer("KXM_PORT", HubConfig.DEFAULT_PORT, 0, 65_535),
        shutdownGrace(env),
        read.list("KXM_ALLOWED_ORIGINS"),
        read.string("KXM_AUTH_TOKEN"),
        read.pairs("KXM_PROJECT_TOKENS"),
        StatePaths.fromEnvironment(env),
        ProjectPaths.fromEnvironment(projectRoot, env),
        HubConfig.DEFAULT_MAX_BODY_BYTES);
  }
}
