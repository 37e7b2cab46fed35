package io.kxm.session.store;

import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import java.util.List;

/**
 * The sync rows of one project's session runs, as the outbox pusher reads a project's run events:
 * reads go to the store's readers, settling goes through its writer.
 */
final class SessionSyncOutbox implements Outbox {
  private final String projectKey;
  private final StoreReader reader;
  private final Writes write;

  /** Runs one work on the store's writer and waits for its result. */
  interface Writes {
    <T> T await(StoreWriter.Work<T> work);
  }

  SessionSyncOutbox(String projectKey, StoreReader reader, Writes write) {
    this.projectKey = projectKey;
    this.reader = reader;
    this.write = write;
  }

  @Override
  public List<OutboxRow> pending(int limit) {
    return reader.pendingSync(projectKey, limit);
  }

  @Override
  public void acknowledge(long rowId) {
    write.await(SyncRows.settle(rowId, "acknowledged", null, null));
  }

  @Override
  public void park(long rowId, String code, String message) {
    write.await(SyncRows.settle(rowId, "parked", code, message));
  }

  @Override
  public int unpark() {
    return write.await(SyncRows.unpark(projectKey));
  }

  @Override
  public OutboxCounts counts() {
    return reader.syncCounts(projectKey);
  }
}
