package io.kxm.session.stream;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionEvent;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire form of a session event, {@code {seq, sessionId, runId, type, at, data}}. Replay and
 * live delivery both write it through here, so a resumed client cannot tell them apart.
 */
public final class EventEnvelope {
  private EventEnvelope() {}

  public static ObjectNode node(SessionEvent event) {
    ObjectNode node = Json.object();
    node.put("seq", event.seq());
    node.put("sessionId", event.sessionId());
    node.put("runId", event.runId());
    node.put("type", event.type());
    node.put("at", event.at().toString());
    node.set("data", event.data() == null ? Json.object() : event.data());
    return node;
  }

  /** One line of JSON: Jackson escapes line breaks inside strings, so a frame has one data line. */
  public static String json(SessionEvent event) {
    return Json.write(node(event));
  }
}
