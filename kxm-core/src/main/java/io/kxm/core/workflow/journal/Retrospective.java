package io.kxm.core.workflow.journal;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;
import io.kxm.core.workflow.run.FailureReason;
import io.kxm.core.workflow.run.WorkflowRunStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a finished run did, exported as JSON and Markdown. It carries no message bodies: peer
 * evidence appears as IDs and hashes, signals as their body hash, and every text is redacted.
 *
 * @param path the transitions the run took, in order
 */
public record Retrospective(
    String runId,
    String workflowId,
    String project,
    String coordinator,
    WorkflowRunStatus status,
    FailureReason failureReason,
    String failureDetail,
    String definitionHash,
    String payloadHash,
    Instant startedAt,
    Instant finishedAt,
    int transitionsTaken,
    List<String> path,
    List<StageReport> stages,
    List<Degradation> degradations,
    List<SignalNote> signals,
    List<JournalEntry> journal) {

  public Retrospective {
    path = List.copyOf(path);
    stages = List.copyOf(stages);
    degradations = List.copyOf(degradations);
    signals = List.copyOf(signals);
    journal = List.copyOf(journal);
  }

  /** One stage: how often it ran and every verdict on it. */
  public record StageReport(
      String stageId, int attempts, int visits, boolean passed, List<CheckpointNote> checkpoints) {
    public StageReport {
      checkpoints = List.copyOf(checkpoints);
    }
  }

  /** One verdict, with redacted summary and evidence. */
  public record CheckpointNote(
      int attempt,
      CheckpointStatus status,
      String by,
      Instant at,
      String summary,
      Map<String, String> evidence,
      List<VerifiedPeerEvidence> peerEvidence) {
    public CheckpointNote {
      evidence = Map.copyOf(evidence);
      peerEvidence = List.copyOf(peerEvidence);
    }
  }

  /** A quorum an admin lowered for one attempt. */
  public record Degradation(
      String stageId,
      int attempt,
      String requirementKey,
      int fromQuorum,
      int toQuorum,
      String reason) {}

  /** A signal that reached the run; its body survives only as a hash. */
  public record SignalNote(
      String signalKey,
      String deliveryId,
      CheckpointStatus status,
      String bodySha256,
      Instant at) {}
}
