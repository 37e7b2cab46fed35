package io.kxm.hub.stream;

import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import io.kxm.hub.metrics.Counted;
import io.kxm.store.Tx;
import io.kxm.store.ops.OpsEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Appends agent events inside one store transaction and remembers them, so that they can be
 * published once that transaction has committed. One appender per transaction attempt: a PostgreSQL
 * retry gets a fresh one and the events of the failed attempt are never published.
 */
public final class EventAppender {
  private final Tx tx;
  private final List<StreamEvent> appended = new ArrayList<>();
  private final List<OpsEvent> opsAppended = new ArrayList<>();
  private final List<Count> counted = new ArrayList<>();

  EventAppender(Tx tx) {
    this.tx = tx;
  }

  /** Appends {@code type} with {@code data} (any value Jackson writes as a JSON object). */
  public StreamEvent append(String agentId, String type, Object data) {
    StreamEvent event = tx.agentEvents().append(agentId, type, Json.write(data));
    appended.add(event);
    return event;
  }

  /**
   * Appends an entry of the operations log in this transaction, published with the agent events
   * once it committed. Metadata only: never a body, a key or a token.
   */
  public OpsEvent ops(String project, String kind, Object data) {
    OpsEvent event = tx.opsEvents().append(project, kind, Json.write(data));
    opsAppended.add(event);
    return event;
  }

  /**
   * Counts one decision of this transaction ({@code /metrics}); it is added to the hub's counts
   * only once the transaction committed, so a rolled-back or retried attempt counts nothing.
   */
  public void count(Counted what, String tagValue) {
    counted.add(new Count(what, tagValue));
  }

  /** The transaction these events are appended in, for a producer that reads what it reports. */
  public Tx tx() {
    return tx;
  }

  List<StreamEvent> appended() {
    return List.copyOf(appended);
  }

  List<OpsEvent> opsAppended() {
    return List.copyOf(opsAppended);
  }

  List<Count> counted() {
    return List.copyOf(counted);
  }

  record Count(Counted what, String tagValue) {}
}
