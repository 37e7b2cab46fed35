package io.kxm.core.stream;

import io.kxm.core.check.Require;
import io.kxm.core.json.Json;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/**
 * One event of a per-agent or per-run stream, in the envelope shared by live delivery and replay:
 * {@code {seq, type, ts, agentId|runId, data}}. Exactly one of {@code agentId} and {@code runId} is
 * set.
 *
 * @param seq position in its stream: starts at 1, grows by one, never reused
 * @param type dotted lower-case name, for example {@code message.queued}
 * @param data the event body as JSON text, kept exactly as appended
 */
public record StreamEvent(
    long seq, String type, Instant ts, String agentId, String runId, String data) {

  public StreamEvent {
    Require.atLeast(seq, 1, "seq");
    requireType(type);
    Require.present(ts, "ts");
    if ((agentId == null) == (runId == null)) {
      throw new IllegalArgumentException("an event belongs to exactly one agent or one run");
    }
    Require.present(data, "data");
  }

  public static StreamEvent forAgent(
      long seq, String type, Instant ts, String agentId, String data) {
    return new StreamEvent(seq, type, ts, agentId, null, data);
  }

  /** The wire envelope as JSON text, the same for live frames and replay. */
  public String envelopeJson() {
    ObjectNode envelope = Json.object();
    envelope.put("seq", seq).put("type", type).put("ts", ts.toString());
    if (agentId != null) {
      envelope.put("agentId", agentId);
    } else {
      envelope.put("runId", runId);
    }
    envelope.set("data", Json.read(data));
    return Json.write(envelope);
  }

  /** Checks an event type name: dotted lower-case words, at most 64 characters. */
  public static String requireType(String type) {
    Require.text(type, "event type", 64);
    if (!type.matches("[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*")) {
      throw new IllegalArgumentException("event type '" + type + "' is not dotted lower case");
    }
    return type;
  }
}
