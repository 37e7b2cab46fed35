package io.kxm.runtime.retention;

import io.kxm.core.settings.EnvSettings;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * How long the runtime's stores keep what ended, read once at start by the supervisor and by {@code
 * kxm gc}.
 *
 * @param runs how long a finished workflow run stays in its project's {@code run-events.db} (with
 *     its outbox rows, prompt and signed head) after its last event ({@code KXM_RUN_RETENTION_MS},
 *     30 days)
 * @param sessions how long an ended session run, and a session with nothing running, stay in {@code
 *     sessions.db} after their last activity ({@code KXM_SESSION_RETENTION_MS}, 30 days)
 * @param knowledge how long forum posts of a closed round stay in the knowledge database after the
 *     round closed ({@code KXM_KNOWLEDGE_RETENTION_MS}, 90 days)
 * @param purgeInterval how often the supervisor runs the purges by itself ({@code
 *     KXM_RUNTIME_PURGE_INTERVAL_MS}, 10 minutes)
 */
public record RuntimeRetention(
    Duration runs, Duration sessions, Duration knowledge, Duration purgeInterval) {
  private static final Duration KEEP_MIN = Duration.ofSeconds(1);
  private static final Duration KEEP_MAX = Duration.ofDays(3650);
  private static final Duration TICK_MIN = Duration.ofMillis(10);
  private static final Duration TICK_MAX = Duration.ofDays(1);

  public RuntimeRetention {
    Objects.requireNonNull(runs, "runs");
    Objects.requireNonNull(sessions, "sessions");
    Objects.requireNonNull(knowledge, "knowledge");
    Objects.requireNonNull(purgeInterval, "purgeInterval");
  }

  public static RuntimeRetention defaults() {
    return new RuntimeRetention(
        Duration.ofDays(30), Duration.ofDays(30), Duration.ofDays(90), Duration.ofMinutes(10));
  }

  /** The defaults, overridden by whichever {@code KXM_*} variable above is set. */
  public static RuntimeRetention fromEnvironment(Map<String, String> env) {
    RuntimeRetention d = defaults();
    EnvSettings read = EnvSettings.of(env);
    return new RuntimeRetention(
        read.millis("KXM_RUN_RETENTION_MS", d.runs, KEEP_MIN, KEEP_MAX),
        read.millis("KXM_SESSION_RETENTION_MS", d.sessions, KEEP_MIN, KEEP_MAX),
        read.millis("KXM_KNOWLEDGE_RETENTION_MS", d.knowledge, KEEP_MIN, KEEP_MAX),
        read.millis("KXM_RUNTIME_PURGE_INTERVAL_MS", d.purgeInterval, TICK_MIN, TICK_MAX));
  }
}
