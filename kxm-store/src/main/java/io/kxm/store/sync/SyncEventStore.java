package io.kxm.store.sync;

import io.kxm.core.sync.SyncEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The runtime events a hub accepted, once per {@code (project, runId, sequence)}, and the runtimes
 * that pushed them. Accepting is one insert-or-ignore, so concurrent pushes of the same event store
 * it once and every pusher learns the same outcome.
 */
public interface SyncEventStore {

  /** What accepting one event did. */
  enum Outcome {
    /** Stored now. */
    ACCEPTED,
    /** Stored before with the same content; nothing changed. */
    DUPLICATE,
    /** Stored before with different content; nothing changed. */
    CONFLICT
  }

  /**
   * Stores {@code event} unless its key is taken.
   *
   * @param runtimeId the runtime that pushed it, kept beside the event
   */
  Outcome accept(String runtimeId, SyncEvent event);

  /** Records that {@code runtimeId} pushed for {@code project} now. */
  void seen(String project, String runtimeId);

  /** When {@code runtimeId} last pushed for {@code project}. */
  Optional<Instant> lastSeen(String project, String runtimeId);

  /** The events of one run, by sequence. */
  List<SyncEvent> events(String project, String runId);

  /** The project's runtime runs, most recently updated first, at most {@code limit}. */
  List<RuntimeRun> runs(String project, int limit);
}
