package io.kxm.supervisor;

import io.kxm.core.check.EnvNumber;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.SessionSettings;
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
        (int) EnvNumber.read(env, "KXM_MAX_ACTIVE_RUNS", d.maxActiveRuns(), 1, 256),
        d.maxQueuedRuns(),
        Duration.ofMillis(
            EnvNumber.read(
                env, "KXM_SESSION_IDLE_TTL_MS", d.idleTtl().toMillis(), 1_000, 86_400_000)),
        (int) EnvNumber.read(env, "KXM_STREAM_BUFFER", d.streamBuffer(), 16, 1_000_000),
        Duration.ofMillis(
            EnvNumber.read(
                env, "KXM_STREAM_HEARTBEAT_MS", d.streamHeartbeat().toMillis(), 100, 300_000)),
        Duration.ofMillis(
            EnvNumber.read(
                env, "KXM_TURN_TIMEOUT_MS", d.turnTimeout().toMillis(), 1_000, 86_400_000)));
  }
}
