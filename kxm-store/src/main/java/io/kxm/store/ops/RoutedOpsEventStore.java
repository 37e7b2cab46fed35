package io.kxm.store.ops;

import io.kxm.store.Transactions;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/** {@link OpsEventStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedOpsEventStore implements OpsEventStore {
  private final Transactions tx;

  public RoutedOpsEventStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public OpsEvent append(String project, String kind, String dataJson) {
    return tx.write(t -> t.opsEvents().append(project, kind, dataJson));
  }

  @Override
  public List<OpsEvent> readAfter(long afterSeq, String project, int limit) {
    return tx.read(t -> t.opsEvents().readAfter(afterSeq, project, limit));
  }

  @Override
  public List<OpsEvent> latest(String project, String kindPrefix, int limit) {
    return tx.read(t -> t.opsEvents().latest(project, kindPrefix, limit));
  }

  @Override
  public OptionalLong oldestRetainedSeq() {
    return tx.read(t -> t.opsEvents().oldestRetainedSeq());
  }

  @Override
  public long lastSeq() {
    return tx.read(t -> t.opsEvents().lastSeq());
  }

  @Override
  public int trimOlderThan(Instant cutoff) {
    return tx.write(t -> t.opsEvents().trimOlderThan(cutoff));
  }
}
