package io.kxm.core.workflow.run;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One record of a run's history. A run is the fold of its history ({@link WorkflowRunFold});
 * records are only ever appended. Records that move the run name their edge through {@link
 * WorkflowRunFold}; the rest annotate the current state (a prompt sent, a checkpoint, a signal, a
 * degraded quorum).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = WorkflowRunEvent.Started.class, name = "started"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.PromptSent.class, name = "prompt_sent"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.CheckpointRecorded.class, name = "checkpoint"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.StageAdvanced.class, name = "stage_advanced"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.AttemptRetried.class, name = "attempt_retried"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.TransitionTaken.class, name = "transition_taken"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.WaitStarted.class, name = "wait_started"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.Escalated.class, name = "escalated"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.SignalReceived.class, name = "signal_received"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.QuorumDegraded.class, name = "quorum_degraded"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.RunCompleted.class, name = "completed"),
  @JsonSubTypes.Type(value = WorkflowRunEvent.RunFailed.class, name = "failed")
})
public sealed interface WorkflowRunEvent {
  Instant at();

  /** The signed webhook created the run; always the first record. */
  record Started(
      Instant at,
      String project,
      String workflowId,
      String coordinator,
      String deliveryId,
      String definitionHash,
      String payloadHash,
      String firstStage)
      implements WorkflowRunEvent {
    public Started {
      Objects.requireNonNull(at, "at");
      Objects.requireNonNull(firstStage, "firstStage");
    }
  }

  /** A message to the coordinator became the run's current prompt. */
  record PromptSent(Instant at, String messageId, String stageId, int attempt)
      implements WorkflowRunEvent {}

  /**
   * The verdict on the current attempt of the current stage.
   *
   * @param by who gave it: the coordinator's name, or {@code signal:<key>}
   */
  record CheckpointRecorded(
      Instant at,
      String stageId,
      int attempt,
      CheckpointStatus status,
      String summary,
      Map<String, String> evidence,
      List<VerifiedPeerEvidence> peerEvidence,
      String by)
      implements WorkflowRunEvent {
    public CheckpointRecorded {
      evidence = evidence == null ? Map.of() : Map.copyOf(evidence);
      peerEvidence = peerEvidence == null ? List.of() : List.copyOf(peerEvidence);
    }
  }

  /** A passed stage opened the next one in declared order, at {@code attempt}. */
  record StageAdvanced(Instant at, String fromStage, String toStage, int attempt)
      implements WorkflowRunEvent {}

  /** The stage runs again as {@code attempt}. */
  record AttemptRetried(Instant at, String stageId, int attempt) implements WorkflowRunEvent {}

  /** The {@code outcome} edge of {@code fromStage} moved the run to {@code toStage}. */
  record TransitionTaken(
      Instant at, String fromStage, CheckpointStatus outcome, String toStage, int attempt)
      implements WorkflowRunEvent {}

  /** The coordinator parked the current attempt until {@code signalKey} or {@code deadline}. */
  record WaitStarted(
      Instant at,
      String stageId,
      int attempt,
      String signalKey,
      Instant deadline,
      String summary,
      Map<String, String> evidence,
      List<VerifiedPeerEvidence> peerEvidence)
      implements WorkflowRunEvent {
    public WaitStarted {
      evidence = evidence == null ? Map.of() : Map.copyOf(evidence);
      peerEvidence = peerEvidence == null ? List.of() : List.copyOf(peerEvidence);
    }
  }

  /** The stage failed {@code autoResumeLimit} times in a row and waits for an operator ruling. */
  record Escalated(Instant at, String stageId, int attempt, String signalKey, Instant deadline)
      implements WorkflowRunEvent {}

  /** A signed signal arrived; only the hash of its body is kept. */
  record SignalReceived(
      Instant at, String signalKey, String deliveryId, CheckpointStatus status, String bodySha256)
      implements WorkflowRunEvent {}

  /** An admin lowered a peer quorum for one attempt of one requirement. */
  record QuorumDegraded(
      Instant at,
      String stageId,
      int attempt,
      String requirementKey,
      int fromQuorum,
      int toQuorum,
      String reason)
      implements WorkflowRunEvent {}

  record RunCompleted(Instant at, String stageId) implements WorkflowRunEvent {}

  record RunFailed(Instant at, FailureReason reason, String stageId, String detail)
      implements WorkflowRunEvent {}
}
