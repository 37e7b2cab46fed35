package io.kxm.hub.ops;

import io.kxm.core.sync.SyncEvent;
import io.kxm.core.sync.SyncLimits;
import io.kxm.hub.stream.EventAppender;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Operations entries about runtime runs synced from a supervisor: {@code runtime.run} for each
 * accepted event that carries a run status. Only the ids, the event type and the status word (the
 * same checked words the sync store keeps in its columns), never the event's data.
 */
public final class RuntimeOps {
  public static final String RUN = "runtime.run";

  private RuntimeOps() {}

  public static void accepted(EventAppender events, String runtimeId, SyncEvent event) {
    String status = word(event, "status", SyncLimits.WORD);
    if (status == null) {
      return;
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("runId", event.runId());
    data.put("runtimeId", runtimeId);
    String workflowId = word(event, "workflowId", SyncLimits.ID);
    data.put("workflowId", workflowId == null ? "" : workflowId);
    data.put("type", event.type());
    data.put("sequence", event.sequence());
    data.put("status", status);
    events.ops(event.project(), RUN, data);
  }

  private static String word(SyncEvent event, String field, Pattern shape) {
    JsonNode value = event.data() == null ? null : event.data().get(field);
    return value != null && value.isString() && shape.matcher(value.asString()).matches()
        ? value.asString()
        : null;
  }
}
