package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Decides {@code kxm_workflow_checkpoint}: the coordinator's verdict on the current attempt. */
public final class Checkpoints {
  private Checkpoints() {}

  /**
   * @param definition the definition the run started with
   * @param cited the messages named in the command's evidenceRefs, as the hub found them
   */
  public static Decision decide(
      WorkflowDefinition definition,
      WorkflowRun run,
      CheckpointCommand command,
      Map<String, CitedMessage> cited,
      Instant now) {
    ActiveStage active =
        ActiveStage.of(
            definition, run, command.caller(), command.stageId(), command.evidenceRefs(), cited);
    if (!(active instanceof ActiveStage.Open(StageDefinition stage, var snapshots))) {
      return new Decision.Refused(((ActiveStage.Closed) active).refusal());
    }
    if (command.status() == CheckpointStatus.PASSED) {
      List<String> missing = EvidenceGate.missing(run, stage, command.evidence(), snapshots);
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
            command.evidence(),
            snapshots,
            run.coordinator());
    return Verdicts.apply(definition, run, verdict, command.status(), now, false);
  }
}
