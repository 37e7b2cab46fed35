package io.kxm.runtime.session.api;

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
 */
public record SessionSettings(
    int maxActiveRuns,
    int maxQueuedRuns,
    Duration idleTtl,
    int streamBuffer,
    Duration streamHeartbeat) {
  public static final SessionSettings DEFAULTS =
      new SessionSettings(4, 100, Duration.ofMinutes(30), 10_000, Duration.ofSeconds(15));
}
