package io.kxm.runtime.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.session.api.SessionSettings;
import java.time.Duration;
import java.util.Map;

/** Reads the session settings from the supervisor's environment; unset ones keep their default. */
final class SessionEnvironment {
  private SessionEnvironment() {}

  /**
   * @throws KxmException {@code config_invalid} naming the variable and its allowed range
   */
  static SessionSettings read(Map<String, String> env) {
    SessionSettings d = SessionSettings.DEFAULTS;
    return new SessionSettings(
        (int) number(env, "KXM_MAX_ACTIVE_RUNS", d.maxActiveRuns(), 1, 256),
        d.maxQueuedRuns(),
        Duration.ofMillis(
            number(env, "KXM_SESSION_IDLE_TTL_MS", d.idleTtl().toMillis(), 1_000, 86_400_000)),
        (int) number(env, "KXM_STREAM_BUFFER", d.streamBuffer(), 16, 1_000_000),
        Duration.ofMillis(
            number(env, "KXM_STREAM_HEARTBEAT_MS", d.streamHeartbeat().toMillis(), 100, 300_000)),
        Duration.ofMillis(
            number(env, "KXM_TURN_TIMEOUT_MS", d.turnTimeout().toMillis(), 1_000, 86_400_000)));
  }

  private static long number(
      Map<String, String> env, String name, long fallback, long min, long max) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      long n = Long.parseLong(value.strip());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // Refused below with the allowed range.
    }
    throw new KxmException(
        ErrorCode.CONFIG_INVALID,
        name + " must be a whole number from " + min + " to " + max + ", got '" + value + "'");
  }
}
