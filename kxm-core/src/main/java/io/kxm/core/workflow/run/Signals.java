package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides a signed signal for a waiting run. For the coordinator's wait, the signal is the verdict
 * on the parked attempt, with the evidence saved at the wait merged under the signal's. For an
 * audit escalation it is the operator's ruling: {@code failed} ends the run, anything else resumes
 * the stage with its next attempt. A ruling never passes a stage by itself: stages pass on
 * evidence.
 */
public final class Signals {
  private Signals() {}

  public static Decision decide(
      WorkflowDefinition definition, WorkflowRun run, SignalCommand command, Instant now) {
    String appliedBody = run.signalDeliveries().get(command.deliveryId());
    if (appliedBody != null && !appliedBody.equals(command.bodySha256())) {
      return refused(
          ErrorCode.DELIVERY_CONFLICT,
          "delivery "
              + command.deliveryId()
              + " was already applied to run "
              + run.id()
              + " with another body");
    }
    if (appliedBody != null) {
      return new Decision.Unchanged(
          run, "delivery " + command.deliveryId() + " was already applied to run " + run.id());
    }
    var open = WorkflowRunGuards.open(run);
    if (open.isPresent()) {
      return new Decision.Refused(open.get());
    }
    if (run.status() != WorkflowRunStatus.WAITING) {
      return refused(
          ErrorCode.WORKFLOW_NOT_WAITING,
          "run " + run.id() + " is " + run.status().wire() + ", not waiting for a signal");
    }
    Waiting waiting = run.waiting();
    if (!waiting.signalKey().equals(command.signalKey())) {
      return refused(
          ErrorCode.WORKFLOW_SIGNAL_KEY_MISMATCH,
          "run "
              + run.id()
              + " waits for signal '"
              + waiting.signalKey()
              + "', not '"
              + command.signalKey()
              + "'");
    }
    WorkflowRunEvent received =
        new WorkflowRunEvent.SignalReceived(
            now, command.signalKey(), command.deliveryId(), command.status(), command.bodySha256());
    if (waiting.reason() == WaitReason.AUDIT_ESCALATION) {
      return rule(run, command, received, now);
    }
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    Map<String, String> evidence = new LinkedHashMap<>(waiting.evidence());
    evidence.putAll(command.evidence());
    if (command.status() == CheckpointStatus.PASSED) {
      List<String> missing = EvidenceGate.missing(run, stage, evidence, waiting.peerEvidence());
      if (!missing.isEmpty()) {
        return new Decision.Refused(EvidenceGate.incomplete(run, stage, missing));
      }
    }
    WorkflowRunEvent verdict =
        new WorkflowRunEvent.CheckpointRecorded(
            now,
            stage.id(),
            run.currentAttempt(),
            command.status(),
            command.summary(),
            evidence,
            waiting.peerEvidence(),
            "signal:" + command.signalKey());
    return Verdicts.apply(definition, run, verdict, command.status(), now, true, received);
  }

  private static Decision rule(
      WorkflowRun run, SignalCommand command, WorkflowRunEvent received, Instant now) {
    if (command.status() == CheckpointStatus.FAILED) {
      Consequences.Step step =
          Consequences.fail(
              run,
              FailureReason.AUDIT_REJECTED,
              run.currentStage(),
              "an operator ruled stage " + run.currentStage() + " failed: " + command.summary(),
              now,
              true);
      return applied(run, received, step.event(), step.instruction());
    }
    WorkflowRunEvent resumed =
        new WorkflowRunEvent.AttemptRetried(now, run.currentStage(), run.currentAttempt());
    return applied(
        run,
        received,
        resumed,
        new Instruction(
            Instruction.Kind.RETRY,
            "An operator resumed stage "
                + run.currentStage()
                + " after its escalation: "
                + command.summary()
                + ". Continue it as attempt "
                + run.currentAttempt()
                + ".",
            Instruction.Notice.PROMPT));
  }

  private static Decision applied(
      WorkflowRun run, WorkflowRunEvent received, WorkflowRunEvent next, Instruction instruction) {
    List<WorkflowRunEvent> events = List.of(received, next);
    return new Decision.Applied(WorkflowRunFold.apply(run, events), events, instruction);
  }

  private static Decision refused(ErrorCode code, String message) {
    return new Decision.Refused(WorkflowRefusal.of(code, message));
  }
}
