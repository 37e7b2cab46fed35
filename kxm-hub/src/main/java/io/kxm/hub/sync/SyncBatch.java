package io.kxm.hub.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.sync.SyncLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The envelope of a push, {@code {runtimeId, events: [...]}}. The envelope is checked whole; each
 * event is checked alone later, so one bad event is refused without refusing its neighbours.
 */
record SyncBatch(String runtimeId, List<JsonNode> events) {

  static SyncBatch parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "the body must be {\"runtimeId\": …, \"events\": [...]}");
    }
    InputJson.allowOnly(body, "", Set.of("runtimeId", "events"));
    JsonNode runtimeId = body.get("runtimeId");
    if (runtimeId == null
        || !runtimeId.isString()
        || !SyncLimits.ID.matcher(runtimeId.asString()).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "runtimeId must be 1 to 128 letters, digits, '.', '_', ':' or '-'");
    }
    JsonNode events = body.get("events");
    if (events == null || !events.isArray() || events.isEmpty()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "events must be a non-empty array");
    }
    if (events.size() > SyncLimits.MAX_BATCH) {
      throw new KxmException(
          ErrorCode.SYNC_BATCH_TOO_LARGE,
          "the batch holds " + events.size() + " events; the limit is " + SyncLimits.MAX_BATCH);
    }
    List<JsonNode> list = new ArrayList<>(events.size());
    events.forEach(list::add);
    return new SyncBatch(runtimeId.asString(), List.copyOf(list));
  }
}
