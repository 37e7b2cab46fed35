package io.kxm.store.ops;

import io.kxm.core.check.Require;
import io.kxm.core.json.Json;
import io.kxm.core.stream.StreamEvent;
import java.time.Instant;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One entry of the hub's operations log: what happened, where, and its metadata.
 *
 * @param seq position in the log, across every project: starts at 1, grows by one, never reused
 * @param at when it was appended
 * @param project the project it happened in
 * @param kind dotted lower-case name, for example {@code message.sent}
 * @param data the metadata as a JSON object, kept exactly as appended
 */
public record OpsEvent(long seq, Instant at, String project, String kind, String data) {

  public OpsEvent {
    Require.atLeast(seq, 1, "seq");
    Require.present(at, "at");
    Require.present(project, "project");
    StreamEvent.requireType(kind);
    Require.present(data, "data");
  }

  /**
   * The wire form: {@code {"seq", "at", "project", "kind", ...metadata}} in one compact JSON object
   * (no raw line break, so one SSE {@code data:} line). Metadata never overrides the four fields.
   */
  public String envelopeJson() {
    ObjectNode out = Json.MAPPER.createObjectNode();
    out.put("seq", seq);
    out.put("at", at.toString());
    out.put("project", project);
    out.put("kind", kind);
    JsonNode fields = Json.read(data);
    for (var field : fields.properties()) {
      if (!out.has(field.getKey())) {
        out.set(field.getKey(), field.getValue());
      }
    }
    return Json.write(out);
  }
}
