package io.kxm.supervisor;

import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.project.RunEventLogs;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.provider.ProviderSettings;
import java.time.Clock;
import java.time.Duration;
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
 */
public record SupervisorConfig(
    StatePaths state,
    ProjectRunsFactory projects,
    Duration shutdownGrace,
    Duration heartbeat,
    Clock clock,
    SessionSettings sessions,
    NetworkSettings network,
    ProviderSettings providers) {
  static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);

  public SupervisorConfig {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(projects, "projects");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(providers, "providers");
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

  public SupervisorPaths paths() {
    return SupervisorPaths.of(state);
  }
}
