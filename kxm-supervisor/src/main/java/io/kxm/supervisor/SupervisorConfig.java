package io.kxm.supervisor;

import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.project.RunEventLogs;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.provider.ProviderSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a supervisor runs with.
 *
 * @param shutdownGrace how long a stop waits for calls in flight ({@code KXM_SHUTDOWN_GRACE_MS})
 * @param heartbeat how often the registry row's heartbeat is renewed
 * @param sessions limits and timings of sessions and their streams
 * @param network bind address, token mode and allowed browser origins
 * @param providers the model provider settings harnesses get, with where each came from
 * @param workspace the one workspace a runtime server hosts ({@code kxm runtime serve}); null for
 *     the per-user supervisor, which hosts projects anywhere
 */
public record SupervisorConfig(
    StatePaths state,
    ProjectRunsFactory projects,
    Duration shutdownGrace,
    Duration heartbeat,
    Clock clock,
    SessionSettings sessions,
    NetworkSettings network,
    ProviderSettings providers,
    ServerWorkspace workspace) {
  static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);

  public SupervisorConfig {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(projects, "projects");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(providers, "providers");
  }

  /** The per-user supervisor: no workspace limit. */
  public SupervisorConfig(
      StatePaths state,
      ProjectRunsFactory projects,
      Duration shutdownGrace,
      Duration heartbeat,
      Clock clock,
      SessionSettings sessions,
      NetworkSettings network,
      ProviderSettings providers) {
    this(state, projects, shutdownGrace, heartbeat, clock, sessions, network, providers, null);
  }

  /** With the provider settings of this process's environment alone, and no user file. */
  public SupervisorConfig(
      StatePaths state,
      ProjectRunsFactory projects,
      Duration shutdownGrace,
      Duration heartbeat,
      Clock clock,
      SessionSettings sessions,
      NetworkSettings network) {
    this(
        state,
        projects,
        shutdownGrace,
        heartbeat,
        clock,
        sessions,
        network,
        ProviderSettings.fromEnvironmentOnly(System.getenv()));
  }

  /** With default session settings on a loopback bind. */
  public SupervisorConfig(
      StatePaths state,
      ProjectRunsFactory projects,
      Duration shutdownGrace,
      Duration heartbeat,
      Clock clock) {
    this(
        state,
        projects,
        shutdownGrace,
        heartbeat,
        clock,
        SessionSettings.DEFAULTS,
        NetworkSettings.LOOPBACK);
  }

  /**
   * What {@code kxm runtime start} runs with: the real engine, settings from {@code env}, run event
   * logs in PostgreSQL when {@code KXM_RUNTIME_DATABASE_URL} names a database.
   */
  public static SupervisorConfig fromEnvironment(Map<String, String> env) {
    return fromEnvironment(env, null, false);
  }

  /**
   * As {@link #fromEnvironment(Map)}, with the command line's network options.
   *
   * @param bind {@code --bind}, which wins over {@code KXM_RUNTIME_BIND}; null when not given
   * @param noToken {@code --no-token}
   * @throws KxmException {@code config_invalid} (also for a refused {@code providers.yaml}), {@code
   *     runtime_bind_requires_token}
   */
  public static SupervisorConfig fromEnvironment(
      Map<String, String> env, String bind, boolean noToken) {
    StatePaths state = StatePaths.fromEnvironment(env);
    Clock clock = Clock.systemUTC();
    ProviderSettings providers = ProviderSettings.resolve(env);
    return new SupervisorConfig(
        state,
        EngineFactory.of(
            state,
            clock,
            providers.environment(System.getenv()),
            RunEventLogs.fromEnvironment(state, env, clock)),
        shutdownGrace(env),
        Duration.ofSeconds(5),
        clock,
        SessionEnvironment.read(env),
        NetworkSettings.fromEnvironment(env, bind, noToken),
        providers);
  }

  /**
   * What {@code kxm runtime serve} runs with: as {@link #fromEnvironment(Map)}, but hosting only
   * {@code workspace}, with every store, the token and the registry in the workspace's {@code
   * .kxm-server/} state root instead of the user's, so it runs beside the per-user supervisor.
   *
   * @param network from {@link NetworkSettings#forServer}, which refuses a non-loopback bind
   *     without a token
   * @throws KxmException {@code config_invalid} (also for a refused {@code providers.yaml})
   */
  public static SupervisorConfig forWorkspace(
      Map<String, String> env, ServerWorkspace workspace, NetworkSettings network) {
    StatePaths state = new StatePaths(workspace.stateRoot());
    Clock clock = Clock.systemUTC();
    ProviderSettings providers = ProviderSettings.resolve(env);
    return new SupervisorConfig(
        state,
        EngineFactory.of(
            state,
            clock,
            withState(providers.environment(System.getenv()), workspace),
            RunEventLogs.fromEnvironment(state, env, clock)),
        shutdownGrace(env),
        Duration.ofSeconds(5),
        clock,
        SessionEnvironment.read(env),
        network,
        providers,
        workspace);
  }

  /**
   * {@code KXM_SHUTDOWN_GRACE_MS}: how long a stopping supervisor waits for calls in flight, 10 s
   * by default, at most 10 minutes.
   *
   * @throws KxmException {@code config_invalid} when the value does not fit
   */
  public static Duration shutdownGrace(Map<String, String> env) {
    return EnvSettings.of(env)
        .millis("KXM_SHUTDOWN_GRACE_MS", DEFAULT_GRACE, Duration.ZERO, Duration.ofMinutes(10));
  }

  /**
   * {@code KXM_STREAM_HEARTBEAT_MS}: how long a session stream stays quiet before a keep-alive.
   *
   * @throws KxmException {@code config_invalid} when the value does not fit
   */
  public static Duration streamHeartbeat(Map<String, String> env) {
    return SessionEnvironment.streamHeartbeat(EnvSettings.of(env));
  }

  /**
   * The environment harnesses run with: the provider settings over this process's environment, and
   * for a runtime server its own state root as {@code KXM_STATE_HOME}, so what a harness keeps
   * there (the built-in agent's worktrees) stays with the server's state.
   */
  public Map<String, String> harnessEnvironment() {
    Map<String, String> env = providers.environment(System.getenv());
    return workspace == null ? env : withState(env, workspace);
  }

  private static Map<String, String> withState(Map<String, String> env, ServerWorkspace workspace) {
    Map<String, String> out = new HashMap<>(env);
    out.put("KXM_STATE_HOME", workspace.stateRoot().toString());
    return Map.copyOf(out);
  }

  public SupervisorPaths paths() {
    return SupervisorPaths.of(state);
  }
}
