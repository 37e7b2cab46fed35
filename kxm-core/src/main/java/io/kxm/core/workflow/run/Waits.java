package io.kxm.core.workflow.run;

import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

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
    ActiveStage active =
        ActiveStage.of(
            definition, run, command.caller(), command.stageId(), command.evidenceRefs(), cited);
    if (!(active instanceof ActiveStage.Open(StageDefinition stage, var snapshots))) {
      return new Decision.Refused(((ActiveStage.Closed) active).refusal());
    }
    Instant deadline = now.plus(command.timeout());
    WorkflowRunEvent wait =
        new WorkflowRunEvent.WaitStarted(
            now,
            stage.id(),
            run.currentAttempt(),
            command.signalKey(),
            deadline,
            command.summary(),
            command.evidence(),
            snapshots);
    return new Decision.Applied(
        WorkflowRunFold.apply(run, List.of(wait)),
        List.of(wait),
        Instructions.waiting(run, command.signalKey(), deadline));
  }
}
