package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Decides an admin's request to lower a peer quorum. It needs the admin token and a policy that
 * allows it, and it applies once, to the current attempt only; the next attempt asks the full
 * quorum again. The history records it, and the caller journals it.
 */
public final class Degrades {
  private Degrades() {}

  public static Decision decide(
      WorkflowDefinition definition, WorkflowRun run, DegradeCommand command, Instant now) {
    if (!command.admin()) {
      return refused(
          ErrorCode.ADMIN_REQUIRED,
          "degrading a quorum of run " + run.id() + " needs the admin token");
    }
    Optional<WorkflowRefusal> refusal =
        WorkflowRunGuards.first(
            () -> WorkflowRunGuards.open(run),
            () -> WorkflowRunGuards.atStage(run, command.stageId()));
    if (refusal.isPresent()) {
      return new Decision.Refused(refusal.get());
    }
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    String key = command.requirementKey();
    Optional<EvidencePolicy> policy = stage.policyFor(key);
    if (policy.isEmpty()) {
      return refused(
          ErrorCode.WORKFLOW_EVIDENCE_POLICY_MISSING,
          "requirement '" + key + "' of stage " + stage.id() + " has no peer-evidence policy");
    }
    if (!policy.get().allowDegrade()) {
      return refused(
          ErrorCode.WORKFLOW_DEGRADE_FORBIDDEN,
          "the policy of '" + key + "' at stage " + stage.id() + " does not allow degrading");
    }
    if (command.quorum() >= policy.get().quorum()) {
      return refused(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "quorum " + command.quorum() + " is not below the policy's " + policy.get().quorum());
    }
    if (run.degradedQuorum(stage.id(), run.currentAttempt(), key).isPresent()) {
      return refused(
          ErrorCode.WORKFLOW_DEGRADE_FORBIDDEN,
          "'" + key + "' was already degraded for attempt " + run.currentAttempt());
    }
    WorkflowRunEvent degraded =
        new WorkflowRunEvent.QuorumDegraded(
            now,
            stage.id(),
            run.currentAttempt(),
            key,
            policy.get().quorum(),
            command.quorum(),
            command.reason());
    return new Decision.Applied(
        WorkflowRunFold.apply(run, List.of(degraded)),
        List.of(degraded),
        Instructions.unchanged(
            "The quorum of '"
                + key
                + "' at stage "
                + stage.id()
                + " is "
                + command.quorum()
                + " for attempt "
                + run.currentAttempt()
                + " only."));
  }

  private static Decision refused(ErrorCode code, String message) {
    return new Decision.Refused(WorkflowRefusal.of(code, message));
  }
}
