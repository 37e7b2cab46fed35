package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.Limits;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.Evidence;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.provenance.EvidenceRefs;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code kxm_workflow_checkpoint}: the coordinator's verdict on the current stage attempt.
 *
 * @param caller the calling agent's name
 * @param evidence evidence strings, normalized by key
 * @param evidenceRefs requirement to cited message IDs; only with {@code passed}
 */
public record CheckpointCommand(
    String runId,
    String caller,
    String stageId,
    CheckpointStatus status,
    String summary,
    Map<String, String> evidence,
    Map<String, List<String>> evidenceRefs) {

  public CheckpointCommand {
    Limits.required("runId", runId, WorkflowLimits.ID_MAX);
    Objects.requireNonNull(caller, "caller");
    Limits.required("stageId", stageId, WorkflowLimits.ID_MAX);
    Objects.requireNonNull(status, "status");
    Limits.required("summary", summary, WorkflowLimits.SUMMARY_MAX);
    evidence = Evidence.normalize(evidence);
    evidenceRefs = EvidenceRefs.normalize(evidenceRefs);
    if (!evidenceRefs.isEmpty() && status != CheckpointStatus.PASSED) {
      throw new KxmException(
          ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS,
          "evidenceRefs go with a passed checkpoint only; this one is " + status.wire());
    }
  }
}
