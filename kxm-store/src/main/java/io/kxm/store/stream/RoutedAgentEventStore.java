package io.kxm.store.stream;

import io.kxm.core.stream.StreamEvent;
import io.kxm.store.Transactions;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/** {@link AgentEventStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedAgentEventStore implements AgentEventStore {
  private final Transactions tx;

  public RoutedAgentEventStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public StreamEvent append(String agentId, String type, String dataJson) {
    return tx.write(t -> t.agentEvents().append(agentId, type, dataJson));
  }

  @Override
  public List<StreamEvent> readAfter(String agentId, long afterSeq, int limit) {
    return tx.read(t -> t.agentEvents().readAfter(agentId, afterSeq, limit));
  }

  @Override
  public OptionalLong oldestRetainedSeq(String agentId) {
    return tx.read(t -> t.agentEvents().oldestRetainedSeq(agentId));
  }

  @Override
  public long lastSeq(String agentId) {
    return tx.read(t -> t.agentEvents().lastSeq(agentId));
  }

  @Override
  public int trimBefore(String agentId, long seq) {
    return tx.write(t -> t.agentEvents().trimBefore(agentId, seq));
  }

  @Override
  public int trimOlderThan(Instant cutoff) {
    return tx.write(t -> t.agentEvents().trimOlderThan(cutoff));
  }
}
