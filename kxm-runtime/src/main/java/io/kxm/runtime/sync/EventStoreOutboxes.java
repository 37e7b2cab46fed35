package io.kxm.runtime.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.project.RunEventLogs;
import io.kxm.runtime.store.RunEventLog;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The outbox of every project's run event log that {@link RunEventLogs} finds (the {@code
 * runtime/projects/<key>/run-events.db} files under the state root, or the projects of the
 * runtime's PostgreSQL schema), for commands that run beside the supervisor such as {@code kxm
 * runtime sync-retry}. The logs are opened when this is, and closed with it.
 */
public final class EventStoreOutboxes implements ProjectOutboxes, AutoCloseable {
  private final RunEventLogs logs;
  private final List<RunEventLog> stores;
  private final List<ProjectOutbox> outboxes;

  private EventStoreOutboxes(
      RunEventLogs logs, List<RunEventLog> stores, List<ProjectOutbox> outboxes) {
    this.logs = logs;
    this.stores = stores;
    this.outboxes = outboxes;
  }

  /** The SQLite files of {@code state}, whatever the environment says. */
  public static EventStoreOutboxes open(StatePaths state) {
    return open(RunEventLogs.sqlite(state));
  }

  /** Where {@code env}'s {@code KXM_RUNTIME_DATABASE_URL} (or its absence) puts the runtime. */
  public static EventStoreOutboxes open(StatePaths state, Map<String, String> env) {
    return open(RunEventLogs.fromEnvironment(state, env, Clock.systemUTC()));
  }

  /** Opens the log of each project with runs, in key order; none when there are none. */
  private static EventStoreOutboxes open(RunEventLogs logs) {
    List<RunEventLog> stores = new ArrayList<>();
    List<ProjectOutbox> outboxes = new ArrayList<>();
    try {
      for (String key : logs.projectKeys()) {
        RunEventLog store = logs.open(key, null);
        stores.add(store);
        outboxes.add(new ProjectOutbox(key, RUN_EVENTS, store.outbox(key)));
      }
    } catch (IOException e) {
      stores.forEach(RunEventLog::close);
      logs.close();
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot list the project folders: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      stores.forEach(RunEventLog::close);
      logs.close();
      throw e;
    }
    return new EventStoreOutboxes(logs, stores, List.copyOf(outboxes));
  }

  @Override
  public List<ProjectOutbox> all() {
    return outboxes;
  }

  @Override
  public void close() {
    try {
      stores.forEach(RunEventLog::close);
    } finally {
      logs.close();
    }
  }
}
