package io.kxm.store.sync;

import io.kxm.core.sync.SyncEvent;
import io.kxm.store.Transactions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link SyncEventStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedSyncEventStore implements SyncEventStore {
  private final Transactions tx;

  public RoutedSyncEventStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public Outcome accept(String runtimeId, SyncEvent event) {
    return tx.write(t -> t.syncEvents().accept(runtimeId, event));
  }

  @Override
  public void seen(String project, String runtimeId) {
    tx.write(t -> {
      t.syncEvents().seen(project, runtimeId);
      return null;
    });
  }

  @Override
  public Optional<Instant> lastSeen(String project, String runtimeId) {
    return tx.read(t -> t.syncEvents().lastSeen(project, runtimeId));
  }

  @Override
  public List<SyncEvent> events(String project, String runId) {
    return tx.read(t -> t.syncEvents().events(project, runId));
  }

  @Override
  public List<RuntimeRun> runs(String project, int limit) {
    return tx.read(t -> t.syncEvents().runs(project, limit));
  }
}
