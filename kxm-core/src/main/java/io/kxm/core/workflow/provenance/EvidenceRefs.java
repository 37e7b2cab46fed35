package io.kxm.core.workflow.provenance;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.EvidenceKeys;
import io.kxm.core.workflow.WorkflowLimits;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks the shape of {@code evidenceRefs}: requirement to the message IDs cited for it. */
public final class EvidenceRefs {
  private EvidenceRefs() {}

  /**
   * Returns the citations keyed by normalized requirement; null gives an empty map.
   *
   * @throws KxmException {@code INVALID_WORKFLOW_EVIDENCE_REFS} for more than 32 requirements, a
   *     requirement without IDs or with more than 16, a blank or repeated ID, or two requirements
   *     that normalize alike
   */
  public static Map<String, List<String>> normalize(Map<String, List<String>> refs) {
    if (refs == null || refs.isEmpty()) {
      return Map.of();
    }
    if (refs.size() > WorkflowLimits.EVIDENCE_REF_REQUIREMENTS_MAX) {
      throw invalid(
          "evidenceRefs cites "
              + refs.size()
              + " requirements; the limit is "
              + WorkflowLimits.EVIDENCE_REF_REQUIREMENTS_MAX);
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    refs.forEach((requirement, ids) -> {
      if (requirement == null || requirement.isBlank()) {
        throw invalid("evidenceRefs has a blank requirement key");
      }
      int count = ids == null ? 0 : ids.size();
      if (count < 1 || count > WorkflowLimits.EVIDENCE_REF_IDS_MAX) {
        throw invalid(
            "evidenceRefs['"
                + requirement
                + "'] cites "
                + count
                + " messages; cite 1 to "
                + WorkflowLimits.EVIDENCE_REF_IDS_MAX);
      }
      Set<String> unique = new LinkedHashSet<>();
      for (String id : ids) {
        if (id == null || id.isBlank() || id.length() > WorkflowLimits.ID_MAX) {
          throw invalid("evidenceRefs['" + requirement + "'] has a blank or overlong ID");
        }
        if (!unique.add(id)) {
          throw invalid("evidenceRefs['" + requirement + "'] cites " + id + " twice");
        }
      }
      if (out.put(EvidenceKeys.normalize(requirement), List.copyOf(unique)) != null) {
        throw invalid("evidenceRefs repeats requirement '" + requirement + "' once normalized");
      }
    });
    return Collections.unmodifiableMap(out);
  }

  /** Every cited message ID, for the caller to fetch before verifying. */
  public static Set<String> messageIds(Map<String, List<String>> refs) {
    Set<String> ids = new LinkedHashSet<>();
    refs.values().forEach(ids::addAll);
    return ids;
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS, message);
  }
}
