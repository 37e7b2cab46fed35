package io.kxm.supervisor;

import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import io.kxm.session.api.SessionSettings;
import java.time.Duration;
import java.util.Map;

/** Reads the session settings from the supervisor's environment; unset ones keep their default. */
final class SessionEnvironment {
  private static final Duration DAY = Duration.ofDays(1);

  private SessionEnvironment() {}

  static Duration streamHeartbeat(EnvSettings read) {
    return read.millis(
        "KXM_STREAM_HEARTBEAT_MS",
        SessionSettings.DEFAULTS.streamHeartbeat(),
        Duration.ofMillis(100),
        Duration.ofMinutes(5));
  }

  /**
   * @throws KxmException {@code config_invalid} naming the variable and its allowed range
   */
  static SessionSettings read(Map<String, String> env) {
    SessionSettings d = SessionSettings.DEFAULTS;
    EnvSettings read = EnvSettings.of(env);
    return new SessionSettings(
        read.integer("KXM_MAX_ACTIVE_RUNS", d.maxActiveRuns(), 1, 256),
        d.maxQueuedRuns(),
        read.millis("KXM_SESSION_IDLE_TTL_MS", d.idleTtl(), Duration.ofSeconds(1), DAY),
        read.integer("KXM_STREAM_BUFFER", d.streamBuffer(), 16, 1_000_000),
        streamHeartbeat(read),
        read.millis("KXM_TURN_TIMEOUT_MS", d.turnTimeout(), Duration.ofSeconds(1), DAY));
  }
}
