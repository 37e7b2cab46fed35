package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run as the fold of its history. Never built by hand: {@link WorkflowRunFold#fold} produces it,
 * so two equal histories always give equal runs.
 *
 * @param currentStage the stage being worked on; after completion, the last one
 * @param currentAttempt the attempt in progress at the current stage, from 1
 * @param stages progress of each stage opened so far, in first-opened order
 * @param transitionsTaken declared transitions taken in total
 * @param edgeTransitions times each edge was taken, keyed {@code <stage>:<outcome>}
 * @param waiting the parked state while {@code waiting}; null otherwise
 * @param failure why the run failed; null unless {@code failed}
 * @param promptMessageId the coordinator message whose reply or expiry concerns the run
 * @param degradations quorums an admin lowered, each for one attempt
 * @param signalDeliveries delivery IDs of signals already applied, each with the SHA-256 of its
 *     body: a retry with the same body is a duplicate, one with another body a conflict
 * @param path every transition the run took, in order
 * @param version the number of history records; appends name it for optimistic concurrency
 */
public record WorkflowRun(
    String id,
    String project,
    String workflowId,
    String coordinator,
    String deliveryId,
    String definitionHash,
    String payloadHash,
    WorkflowRunStatus status,
    String currentStage,
    int currentAttempt,
    Map<String, StageProgress> stages,
    int transitionsTaken,
    Map<String, Integer> edgeTransitions,
    Waiting waiting,
    Failure failure,
    String promptMessageId,
    List<WorkflowRunEvent.QuorumDegraded> degradations,
    Map<String, String> signalDeliveries,
    List<WorkflowRunTransition> path,
    Instant createdAt,
    Instant updatedAt,
    Instant finishedAt,
    int version) {

  public boolean isTerminal() {
    return status.isTerminal();
  }

  /** Progress of {@code stageId}, zero if it never opened. */
  public StageProgress progress(String stageId) {
    StageProgress progress = stages.get(stageId);
    return progress == null ? StageProgress.fresh(stageId) : progress;
  }

  public int edgeCount(String stageId, CheckpointStatus outcome) {
    return edgeTransitions.getOrDefault(edgeKey(stageId, outcome), 0);
  }

  /** The quorum an admin set for this attempt of this requirement, if any. */
  public java.util.Optional<Integer> degradedQuorum(
      String stageId, int attempt, String requirementKey) {
    return degradations.stream()
        .filter(d ->
            d.stageId().equals(stageId)
                && d.attempt() == attempt
                && d.requirementKey().equals(requirementKey))
        .map(WorkflowRunEvent.QuorumDegraded::toQuorum)
        .findFirst();
  }

  static String edgeKey(String stageId, CheckpointStatus outcome) {
    return stageId + ":" + outcome.wire();
  }
}
