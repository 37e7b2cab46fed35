package io.kxm.core.stream;

import io.kxm.core.check.Require;
import io.kxm.core.json.Json;
import java.time.Instant;

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

  /**
   * The wire envelope as JSON text, the same for live frames and replay. The stored data is already
   * JSON, so it is spliced in as it is instead of being parsed and written again (replay builds one
   * envelope per event). Data with whitespace between tokens, such as pretty-printed text, still
   * goes through the mapper: the envelope stays compact and, above all, free of raw line breaks,
   * which would split an SSE frame.
   */
  public String envelopeJson() {
    String body = CompactJson.isCompact(data) ? data : Json.write(Json.read(data));
    StringBuilder out = new StringBuilder(body.length() + 96);
    out.append("{\"seq\":").append(seq);
    out.append(",\"type\":\"").append(type).append('"'); // checked: [a-z0-9_.] only
    out.append(",\"ts\":\"").append(ts).append('"'); // ISO-8601: nothing to escape
    if (agentId != null) {
      out.append(",\"agentId\":");
      CompactJson.appendString(out, agentId);
    } else {
      out.append(",\"runId\":");
      CompactJson.appendString(out, runId);
    }
    return out.append(",\"data\":").append(body).append('}').toString();
  }

  /** Checks an event type name: dotted lower-case words, at most 64 characters. */
  public static String requireType(String type) {
    Require.text(type, "event type", 64);
    if (!isDottedLowerCase(type)) {
      throw new IllegalArgumentException("event type '" + type + "' is not dotted lower case");
    }
    return type;
  }

  /**
   * {@code [a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*} without a regex: every event read back from the
   * store passes through here, and a regex match per event showed up in replay profiles.
   */
  private static boolean isDottedLowerCase(String type) {
    boolean wordStart = true;
    for (int i = 0; i < type.length(); i++) {
      char c = type.charAt(i);
      if (c >= 'a' && c <= 'z') {
        wordStart = false;
      } else if (wordStart) {
        return false; // a word starts with a letter; this also refuses "..", a leading "."
      } else if (c == '.') {
        wordStart = true;
      } else if (!((c >= '0' && c <= '9') || c == '_')) {
        return false;
      }
    }
    return !wordStart; // not empty, no trailing "."
  }
}
