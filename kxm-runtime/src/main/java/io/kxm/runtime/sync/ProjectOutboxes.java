package io.kxm.runtime.sync;

import io.kxm.runtime.api.Outbox;
import java.util.List;

/**
 * The outboxes of the projects this machine's runtime keeps, one per project event store. The run
 * engine provides them; {@code kxm runtime sync-retry} and the supervisor's pushers read them.
 */
@FunctionalInterface
public interface ProjectOutboxes {

  /** Every project's outbox, in a stable order. */
  List<ProjectOutbox> all();

  /** The outbox of a project's run events. */
  String RUN_EVENTS = "run_events";

  /** The outbox of the session runs in a project's workspace. */
  String SESSION_RUNS = "session_runs";

  /**
   * @param projectKey the project's key in the runtime registry
   * @param kind {@link #RUN_EVENTS} or {@link #SESSION_RUNS}
   */
  record ProjectOutbox(String projectKey, String kind, Outbox outbox) {}
}
