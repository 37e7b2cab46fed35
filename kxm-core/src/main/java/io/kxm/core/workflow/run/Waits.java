package io.kxm.core.workflow.run;

import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Decides {@code kxm_workflow_wait}: the coordinator parks the current attempt on a signal. */
public final class Waits {
  private Waits() {}

  /**
   * @param cited the messages named in the command's evidenceRefs, verified now
   */
  public static Decision decide(
      WorkflowDefinition definition,
      WorkflowRun run,
      WaitCommand command,
      Map<String, CitedMessage> cited,
      Instant now) {
    Optional<WorkflowRefusal> refusal =
        RunGuards.first(
            () -> RunGuards.coordinator(run, command.caller()),
            () -> RunGuards.open(run),
            () -> RunGuards.running(run),
            () -> RunGuards.atStage(run, command.stageId()));
    if (refusal.isPresent()) {
      return new Decision.Refused(refusal.get());
    }
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    EvidenceGate.Citations citations =
        EvidenceGate.verify(run, stage, command.evidenceRefs(), cited);
    if (citations.refusal().isPresent()) {
      return new Decision.Refused(citations.refusal().get());
    }
    Instant deadline = now.plus(command.timeout());
    RunEvent wait =
        new RunEvent.WaitStarted(
            now,
            stage.id(),
            run.currentAttempt(),
            command.signalKey(),
            deadline,
            command.summary(),
            command.evidence(),
            citations.snapshots());
    return new Decision.Applied(
        RunFold.apply(run, List.of(wait)),
        List.of(wait),
        Instructions.waiting(run, command.signalKey(), deadline));
  }
}
