package io.kxm.hub.stream;

import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import io.kxm.store.Tx;
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

  EventAppender(Tx tx) {
    this.tx = tx;
  }

  /** Appends {@code type} with {@code data} (any value Jackson writes as a JSON object). */
  public StreamEvent append(String agentId, String type, Object data) {
    StreamEvent event = tx.agentEvents().append(agentId, type, Json.write(data));
    appended.add(event);
    return event;
  }

  List<StreamEvent> appended() {
    return List.copyOf(appended);
  }
}
