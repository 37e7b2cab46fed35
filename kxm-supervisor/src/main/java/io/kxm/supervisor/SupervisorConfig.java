package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.session.api.SessionSettings;
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
 */
public record SupervisorConfig(
    StatePaths state,
    ProjectRunsFactory projects,
    Duration shutdownGrace,
    Duration heartbeat,
    Clock clock,
    SessionSettings sessions,
    NetworkSettings network) {
  static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);

  public SupervisorConfig {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(projects, "projects");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(network, "network");
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

  /** What {@code kxm runtime start} runs with: the real engine, settings from {@code env}. */
  public static SupervisorConfig fromEnvironment(Map<String, String> env) {
    return fromEnvironment(env, null, false);
  }

  /**
   * As {@link #fromEnvironment(Map)}, with the command line's network options.
   *
   * @param bind {@code --bind}, which wins over {@code KXM_RUNTIME_BIND}; null when not given
   * @param noToken {@code --no-token}
   * @throws KxmException {@code config_invalid}, {@code runtime_bind_requires_token}
   */
  public static SupervisorConfig fromEnvironment(
      Map<String, String> env, String bind, boolean noToken) {
    StatePaths state = StatePaths.fromEnvironment(env);
    Clock clock = Clock.systemUTC();
    return new SupervisorConfig(
        state,
        EngineFactory.of(state, clock),
        grace(env.get("KXM_SHUTDOWN_GRACE_MS")),
        Duration.ofSeconds(5),
        clock,
        SessionEnvironment.read(env),
        NetworkSettings.fromEnvironment(env, bind, noToken));
  }

  static Duration grace(String value) {
    if (value == null || value.isBlank()) {
      return DEFAULT_GRACE;
    }
    try {
      long ms = Long.parseLong(value.strip());
      if (ms < 0 || ms > 600_000) {
        throw new NumberFormatException();
      }
      return Duration.ofMillis(ms);
    } catch (NumberFormatException e) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          "KXM_SHUTDOWN_GRACE_MS must be milliseconds from 0 to 600000, got '" + value + "'");
    }
  }

  public SupervisorPaths paths() {
    return SupervisorPaths.of(state);
  }
}
