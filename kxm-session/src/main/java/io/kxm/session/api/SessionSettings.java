package io.kxm.session.api;

import java.time.Duration;

/**
 * How the supervisor runs sessions.
 *
 * @param maxActiveRuns runs executing at once across all sessions ({@code KXM_MAX_ACTIVE_RUNS})
 * @param maxQueuedRuns runs one session may hold queued before new ones are refused
 * @param idleTtl how long a session's in-memory state outlives its last turn ({@code
 *     KXM_SESSION_IDLE_TTL_MS}); its history stays in the store
 * @param streamBuffer live events one stream client may fall behind before it is cut ({@code
 *     KXM_STREAM_BUFFER})
 * @param streamHeartbeat how often an idle stream gets a comment line ({@code
 *     KXM_STREAM_HEARTBEAT_MS})
 * @param turnTimeout how long one turn may run before its process tree is ended and the run fails
 *     with {@code harness_timed_out} ({@code KXM_TURN_TIMEOUT_MS})
 */
public record SessionSettings(
    int maxActiveRuns,
    int maxQueuedRuns,
    Duration idleTtl,
    int streamBuffer,
    Duration streamHeartbeat,
    Duration turnTimeout) {
  /** Generous, so a long task is not cut; a hung harness still ends. */
  public static final Duration DEFAULT_TURN_TIMEOUT = Duration.ofMinutes(30);

  public static final SessionSettings DEFAULTS =
      new SessionSettings(4, 100, Duration.ofMinutes(30), 10_000, Duration.ofSeconds(15));

  public SessionSettings {
    if (turnTimeout == null || turnTimeout.isNegative() || turnTimeout.isZero()) {
      throw new IllegalArgumentException("turnTimeout must be positive, got " + turnTimeout);
    }
  }

  /** Settings with the default turn timeout. */
  public SessionSettings(
      int maxActiveRuns,
      int maxQueuedRuns,
      Duration idleTtl,
      int streamBuffer,
      Duration streamHeartbeat) {
    this(
        maxActiveRuns, maxQueuedRuns, idleTtl, streamBuffer, streamHeartbeat, DEFAULT_TURN_TIMEOUT);
  }

  /** These settings with another turn timeout. */
  public SessionSettings withTurnTimeout(Duration timeout) {
    return new SessionSettings(
        maxActiveRuns, maxQueuedRuns, idleTtl, streamBuffer, streamHeartbeat, timeout);
  }
}
