package io.kxm.hub;

import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.fanout.FanoutSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Settings of one hub process, read once at start. Build it with {@link #fromEnvironment} and
 * override single values with the {@code with…} methods (for CLI flags). Every value is validated
 * here; a bad one raises {@code config_invalid} naming its variable.
 *
 * @param host interface to bind ({@code KXM_HOST}, default {@code 127.0.0.1})
 * @param port TCP port ({@code KXM_PORT}, default 7331; 0 picks a free one)
 * @param shutdownGrace how long in-flight requests may run on stop ({@code KXM_SHUTDOWN_GRACE_MS})
 * @param allowedOrigins browser origins allowed to call the hub ({@code KXM_ALLOWED_ORIGINS})
 * @param adminToken admin token given in the environment ({@code KXM_AUTH_TOKEN}), or null
 * @param projectTokens project tokens given in the environment ({@code KXM_PROJECT_TOKENS})
 * @param state the user state root, which holds {@code hub-env.json}
 * @param project the project whose logs folder receives {@code kxm-hub.jsonl}
 * @param maxBodyBytes largest request body accepted, in bytes
 */
public record HubConfig(
    String host,
    int port,
    Duration shutdownGrace,
    List<String> allowedOrigins,
    String adminToken,
    Map<String, String> projectTokens,
    StatePaths state,
    ProjectPaths project,
    long maxBodyBytes) {

  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 7331;
  public static final long DEFAULT_GRACE_MS = 10_000;
  public static final long DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

  public HubConfig {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(project, "project");
    ConfigRules.checkHostPortGraceBody(host, port, shutdownGrace, maxBodyBytes);
    allowedOrigins = ConfigRules.origins(allowedOrigins);
    adminToken = adminToken == null ? null : ConfigRules.token("KXM_AUTH_TOKEN", adminToken);
    projectTokens = ConfigRules.projectTokens(projectTokens);
    ConfigRules.distinct(adminToken, projectTokens);
  }

  /**
   * Reads every {@code KXM_*} setting from {@code env}; {@code projectRoot} anchors the project's
   * {@code .kxm} folder (logs).
   */
  public static HubConfig fromEnvironment(Map<String, String> env, Path projectRoot) {
    return EnvConfig.read(env, projectRoot);
  }

  /**
   * {@code KXM_SHUTDOWN_GRACE_MS} alone, for a command that waits on a stopping hub.
   *
   * @throws io.kxm.core.error.KxmException {@code config_invalid} when the value does not fit
   */
  public static Duration shutdownGrace(Map<String, String> env) {
    return EnvConfig.shutdownGrace(env);
  }

  /**
   * How a hub started with {@code env} fans out ({@code KXM_REDIS_URL}, {@code
   * KXM_REDIS_CHANNEL_PREFIX}), for tools that look at the deployment without starting a hub.
   *
   * @throws io.kxm.core.error.KxmException {@code config_invalid} when a value does not fit
   */
  public static FanoutSettings fanout(Map<String, String> env) {
    return FanoutSettings.fromEnvironment(env);
  }

  /** The admin token set explicitly in the environment, if any. */
  public Optional<String> explicitAdminToken() {
    return Optional.ofNullable(adminToken);
  }

  public HubConfig withHost(String newHost) {
    return new HubConfig(
        newHost,
        port,
        shutdownGrace,
        allowedOrigins,
        adminToken,
        projectTokens,
        state,
        project,
        maxBodyBytes);
  }

  public HubConfig withPort(int newPort) {
    return new HubConfig(
        host,
        newPort,
        shutdownGrace,
        allowedOrigins,
        adminToken,
        projectTokens,
        state,
        project,
        maxBodyBytes);
  }

  public HubConfig withShutdownGrace(Duration grace) {
    return new HubConfig(
        host, port, grace, allowedOrigins, adminToken, projectTokens, state, project, maxBodyBytes);
  }

  public HubConfig withAllowedOrigins(List<String> origins) {
    return new HubConfig(
        host,
        port,
        shutdownGrace,
        origins,
        adminToken,
        projectTokens,
        state,
        project,
        maxBodyBytes);
  }

  public HubConfig withAdminToken(String token) {
    return new HubConfig(
        host,
        port,
        shutdownGrace,
        allowedOrigins,
        token,
        projectTokens,
        state,
        project,
        maxBodyBytes);
  }

  public HubConfig withProjectTokens(Map<String, String> tokens) {
    return new HubConfig(
        host,
        port,
        shutdownGrace,
        allowedOrigins,
        adminToken,
        tokens,
        state,
        project,
        maxBodyBytes);
  }

  public HubConfig withMaxBodyBytes(long bytes) {
    return new HubConfig(
        host,
        port,
        shutdownGrace,
        allowedOrigins,
        adminToken,
        projectTokens,
        state,
        project,
        bytes);
  }

  /** Never prints a token: records print every component by default. */
  @Override
  public String toString() {
    return "HubConfig[host=%s, port=%d, shutdownGrace=%s, allowedOrigins=%s, adminToken=%s, projects=%s, state=%s, logs=%s, maxBodyBytes=%d]"
        .formatted(
            host,
            port,
            shutdownGrace,
            allowedOrigins,
            adminToken == null ? "unset" : "set",
            projectTokens.keySet(),
            state.root(),
            project.logsDir(),
            maxBodyBytes);
  }
}
