package io.kxm.core.workflow;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Checks evidence strings against their limits and keys them by their normalized form. */
public final class Evidence {
  private Evidence() {}

  /**
   * Returns {@code evidence} keyed by {@link EvidenceKeys#normalize}, in the given order; null
   * gives an empty map.
   *
   * @throws KxmException {@code VALUE_OUT_OF_RANGE} for more than 64 keys, {@code VALUE_TOO_LONG}
   *     for a key or value past its limit, {@code INVALID_REQUEST} for a blank value or two keys
   *     that normalize alike
   */
  public static Map<String, String> normalize(Map<String, String> evidence) {
    if (evidence == null || evidence.isEmpty()) {
      return Map.of();
    }
    if (evidence.size() > WorkflowLimits.EVIDENCE_KEYS_MAX) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "evidence has "
              + evidence.size()
              + " keys; the limit is "
              + WorkflowLimits.EVIDENCE_KEYS_MAX);
    }
    Map<String, String> out = new LinkedHashMap<>();
    evidence.forEach((key, value) -> {
      if (key == null || key.isBlank()) {
        throw new KxmException(
            ErrorCode.VALUE_TOO_LONG,
            "evidence keys need 1 to " + WorkflowLimits.ID_MAX + " characters");
      }
      TextLength.check("evidence key '" + key + "'", key, WorkflowLimits.ID_MAX);
      if (value == null || value.isBlank()) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST, "evidence '" + key + "' needs a non-blank value");
      }
      TextLength.check("evidence." + key, value, WorkflowLimits.EVIDENCE_VALUE_MAX);
      if (out.putIfAbsent(EvidenceKeys.normalize(key), value) != null) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST,
            "evidence key '" + key + "' repeats another key once normalized");
      }
    });
    return Collections.unmodifiableMap(out);
  }
}
