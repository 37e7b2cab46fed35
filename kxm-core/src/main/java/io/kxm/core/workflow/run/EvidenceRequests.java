package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.workflow.EvidenceKeys;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.util.Optional;

/**
 * Checks a request that carries a {@code workflowContext} (from {@code kxm_send} or {@code
 * kxm_fanout}) before the hub stores it, so that only requests that could count as evidence are
 * stamped as such.
 */
public final class EvidenceRequests {
  private EvidenceRequests() {}

  /**
   * @param caller the sending agent's name
   * @param target the recipient agent's name
   * @return the refusal, or empty when the request may carry the context
   */
  public static Optional<WorkflowRefusal> check(
      WorkflowDefinition definition,
      WorkflowRun run,
      String caller,
      WorkflowContext context,
      String target) {
    if (caller == null || !caller.equalsIgnoreCase(run.coordinator())) {
      return refuse(
          ErrorCode.WORKFLOW_CONTEXT_FORBIDDEN,
          "only coordinator '" + run.coordinator() + "' may ask for evidence in run " + run.id());
    }
    if (run.isTerminal() || !run.currentStage().equals(context.stageId())) {
      return refuse(
          ErrorCode.WORKFLOW_CONTEXT_INACTIVE,
          "stage "
              + context.stageId()
              + " is not the active stage of run "
              + run.id()
              + " ("
              + (run.isTerminal() ? run.status().wire() : run.currentStage())
              + ")");
    }
    if (context.attempt() != run.currentAttempt()) {
      return refuse(
          ErrorCode.WORKFLOW_CONTEXT_ATTEMPT_MISMATCH,
          "stage "
              + run.currentStage()
              + " is at attempt "
              + run.currentAttempt()
              + ", not "
              + context.attempt());
    }
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    String key = EvidenceKeys.normalize(context.requirementKey());
    Optional<EvidencePolicy> policy = stage.policyFor(key);
    if (policy.isEmpty()) {
      return refuse(
          ErrorCode.WORKFLOW_EVIDENCE_POLICY_MISSING,
          "requirement '" + key + "' of stage " + stage.id() + " takes no peer evidence");
    }
    if (target == null
        || target.equalsIgnoreCase(run.coordinator())
        || !policy.get().eligible(target)) {
      return refuse(
          ErrorCode.WORKFLOW_EVIDENCE_PRODUCER_FORBIDDEN,
          "'"
              + target
              + "' is not an eligible producer of '"
              + key
              + "'; eligible: "
              + String.join(", ", policy.get().producers()));
    }
    return Optional.empty();
  }

  private static Optional<WorkflowRefusal> refuse(ErrorCode code, String message) {
    return Optional.of(WorkflowRefusal.of(code, message));
  }
}
