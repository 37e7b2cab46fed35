package io.kxm.core.workflow.run;

import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a checkpoint and a wait both check first: the caller is the coordinator of a running run,
 * names its current stage, and every message it cites verifies as peer evidence for that stage.
 */
sealed interface ActiveStage {

  /** The command may act on {@code stage}; {@code snapshots} are its verified citations. */
  record Open(StageDefinition stage, List<VerifiedPeerEvidence> snapshots) implements ActiveStage {}

  /** The command stops here. */
  record Closed(WorkflowRefusal refusal) implements ActiveStage {}

  static ActiveStage of(
      WorkflowDefinition definition,
      WorkflowRun run,
      String caller,
      String stageId,
      Map<String, List<String>> evidenceRefs,
      Map<String, CitedMessage> cited) {
    Optional<WorkflowRefusal> refusal =
        WorkflowRunGuards.first(
            () -> WorkflowRunGuards.coordinator(run, caller),
            () -> WorkflowRunGuards.open(run),
            () -> WorkflowRunGuards.running(run),
            () -> WorkflowRunGuards.atStage(run, stageId));
    if (refusal.isPresent()) {
      return new Closed(refusal.get());
    }
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    EvidenceGate.Citations citations = EvidenceGate.verify(run, stage, evidenceRefs, cited);
    return citations
        .refusal()
        .<ActiveStage>map(Closed::new)
        .orElseGet(() -> new Open(stage, citations.snapshots()));
  }
}
