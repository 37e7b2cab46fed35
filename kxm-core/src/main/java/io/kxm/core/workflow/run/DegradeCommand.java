package io.kxm.core.workflow.run;

import io.kxm.core.peer.Limits;
import io.kxm.core.workflow.EvidenceKeys;
import io.kxm.core.workflow.WorkflowLimits;

/**
 * Lowers the peer quorum of one requirement for the current attempt only.
 *
 * @param admin whether the caller presented the admin token
 * @param quorum the quorum for this attempt, from 0 (waive) to one below the policy's
 * @param reason why, for the history and the journal
 */
public record DegradeCommand(
    String runId, String stageId, String requirementKey, int quorum, boolean admin, String reason) {

  public DegradeCommand {
    Limits.required("runId", runId, WorkflowLimits.ID_MAX);
    Limits.required("stageId", stageId, WorkflowLimits.ID_MAX);
    requirementKey =
        EvidenceKeys.normalize(
            Limits.required("requirementKey", requirementKey, WorkflowLimits.ID_MAX));
    Limits.range("quorum", (long) quorum, 0, 16);
    Limits.required("reason", reason, WorkflowLimits.SUMMARY_MAX);
  }
}
