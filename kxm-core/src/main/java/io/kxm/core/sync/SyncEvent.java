package io.kxm.core.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ObjectNode;

/**
 * One runtime event as it travels to the hub and as the hub keeps it: already cut down to the sync
 * allowlist on the machine that sent it. The hub holds it once per {@code (project, runId,
 * sequence)}.
 *
 * @param project the hub project the event belongs to
 * @param sequence the event's position in its run, from 1
 * @param type the event type, for example {@code run.created}
 * @param data the allowlisted fields; at most {@link SyncLimits#MAX_DATA_BYTES} serialized
 */
public record SyncEvent(
    String project, String runId, long sequence, String type, Instant at, ObjectNode data) {
  private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

  /**
   * @throws KxmException {@code sync_event_invalid} naming the first field that is wrong
   */
  public SyncEvent {
    match(project, "project", SyncLimits.PROJECT);
    match(runId, "runId", SyncLimits.ID);
    match(type, "type", SyncLimits.WORD);
    if (sequence < 1) {
      throw invalid("sequence must be 1 or more, got " + sequence);
    }
    if (at == null) {
      throw invalid("at is required");
    }
    if (at.isBefore(Instant.EPOCH) || at.isAfter(LATEST)) {
      throw invalid("at " + at + " is outside 1970 to 9999");
    }
    data = data == null ? Json.object() : data.deepCopy();
    int size = Json.writeBytes(data).length;
    if (size > SyncLimits.MAX_DATA_BYTES) {
      throw invalid(
          "data of "
              + runId
              + "#"
              + sequence
              + " is "
              + size
              + " bytes; the limit is "
              + SyncLimits.MAX_DATA_BYTES);
    }
  }

  /**
   * SHA-256 over type, time and data in a canonical form (keys sorted), so the same event sent
   * again hashes the same however its sender ordered the fields.
   */
  public String contentHash() {
    ObjectNode content = Json.object();
    content.put("type", type);
    content.put("at", at.toEpochMilli());
    content.set("data", data);
    return Tokens.sha256Hex(CanonicalJson.bytes(content));
  }

  @Override
  public ObjectNode data() {
    return data.deepCopy();
  }

  private static void match(String value, String field, Pattern pattern) {
    if (value == null) {
      throw invalid(field + " is required");
    }
    if (!pattern.matcher(value).matches()) {
      String shown = value.length() > 80 ? value.substring(0, 80) + "…" : value;
      throw invalid(field + " '" + shown + "' does not match " + pattern.pattern());
    }
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.SYNC_EVENT_INVALID, Objects.requireNonNull(message));
  }
}
