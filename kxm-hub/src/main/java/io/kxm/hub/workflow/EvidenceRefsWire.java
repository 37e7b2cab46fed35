package io.kxm.hub.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code evidenceRefs} as clients send it: each requirement maps to {@code {"messageIds":
 * [...]}}, or, shorter, straight to the array of message IDs.
 */
public final class EvidenceRefsWire {
  private EvidenceRefsWire() {}

  public static Map<String, List<String>> read(JsonNode refs) {
    if (refs == null || refs.isNull() || refs.isMissingNode()) {
      return null;
    }
    if (!refs.isObject()) {
      throw invalid("evidenceRefs must be an object keyed by requirement");
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : refs.properties()) {
      JsonNode ids =
          entry.getValue().isObject() ? entry.getValue().path("messageIds") : entry.getValue();
      if (!ids.isArray()) {
        throw invalid("evidenceRefs['" + entry.getKey() + "'] needs messageIds, an array");
      }
      List<String> list = new ArrayList<>();
      for (JsonNode id : ids) {
        list.add(id.isString() ? id.asString() : null);
      }
      out.put(entry.getKey(), list);
    }
    return out;
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS, message);
  }
}
