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

  /**
   * @param projectKey the project's key in the runtime registry
   */
  record ProjectOutbox(String projectKey, Outbox outbox) {}
}
