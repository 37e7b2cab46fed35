package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.Limits;
import io.kxm.core.workflow.Evidence;
import io.kxm.core.workflow.SignalKeys;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.provenance.EvidenceRefs;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code kxm_workflow_wait}: park the current stage until a signed signal names {@code signalKey}.
 *
 * @param evidence saved now and merged with the signal's
 * @param evidenceRefs peer evidence, verified now
 * @param timeout how long to wait, 1 second to 30 days; null gives 24 hours
 */
public record WaitCommand(
    String runId,
    String caller,
    String stageId,
    String signalKey,
    String summary,
    Map<String, String> evidence,
    Map<String, List<String>> evidenceRefs,
    Duration timeout) {

  public WaitCommand {
    Limits.required("runId", runId, WorkflowLimits.ID_MAX);
    Objects.requireNonNull(caller, "caller");
    Limits.required("stageId", stageId, WorkflowLimits.ID_MAX);
    SignalKeys.require(signalKey);
    Limits.required("summary", summary, WorkflowLimits.SUMMARY_MAX);
    evidence = Evidence.normalize(evidence);
    evidenceRefs = EvidenceRefs.normalize(evidenceRefs);
    timeout = timeout == null ? WorkflowLimits.WAIT_DEFAULT : timeout;
    if (timeout.compareTo(WorkflowLimits.WAIT_MIN) < 0
        || timeout.compareTo(WorkflowLimits.WAIT_MAX) > 0) {
      throw new KxmException(
          ErrorCode.WORKFLOW_WAIT_INVALID,
          "timeoutMs is "
              + timeout.toMillis()
              + "; it must be between "
              + WorkflowLimits.WAIT_MIN.toMillis()
              + " and "
              + WorkflowLimits.WAIT_MAX.toMillis());
    }
  }
}
