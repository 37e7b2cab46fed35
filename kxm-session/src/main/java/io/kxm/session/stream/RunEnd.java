package io.kxm.session.stream;

import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.StreamKey;
import java.util.Set;

/**
 * When a run's stream is over: the run reached a terminal status and no interaction of it is still
 * pending. An interrupted run keeps its stream open while a question waits, because the answer,
 * given after a restart, still lands on it.
 */
final class RunEnd {
  private static final Set<String> MAY_END =
      Set.of(
          EventTypes.RUN_COMPLETED,
          EventTypes.RUN_FAILED,
          EventTypes.RUN_CANCELLED,
          EventTypes.RUN_INTERRUPTED,
          EventTypes.INTERACTION_RESOLVED);

  private final SessionStore store;

  RunEnd(SessionStore store) {
    this.store = store;
  }

  /** Whether an event of this type may have ended its run's stream. */
  static boolean mayEnd(String type) {
    return MAY_END.contains(type);
  }

  /** Whether {@code key}'s stream is over; a session's stream never is. */
  boolean reached(StreamKey key) {
    if (key.kind() != StreamKey.Kind.RUN) {
      return false;
    }
    boolean terminal = store.run(key.id()).map(run -> run.status().isTerminal()).orElse(true);
    return terminal
        && store.interactions(key.id()).stream()
            .noneMatch(i -> Interaction.PENDING.equals(i.status()));
  }
}
