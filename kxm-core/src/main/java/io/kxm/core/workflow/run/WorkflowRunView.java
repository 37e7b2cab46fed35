package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.journal.ImprovementArea;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run as {@code kxm_workflow_get} and {@code kxm_workflow_list} show it: state, and every stage
 * of the definition with its instructions, required evidence, attempts, verdicts and typed
 * transitions (each with how often it was taken).
 */
public record WorkflowRunView(
    String id,
    String workflowId,
    String project,
    String coordinator,
    WorkflowRunStatus status,
    String currentStage,
    int currentAttempt,
    Waiting waiting,
    Failure failure,
    int transitionsTaken,
    int maxTransitions,
    String definitionHash,
    String payloadHash,
    Instant createdAt,
    Instant updatedAt,
    Instant finishedAt,
    List<StageView> stages) {

  public WorkflowRunView {
    stages = List.copyOf(stages);
  }

  /**
   * One stage of the run.
   *
   * @param on outcome to its edge, with how often the run took it
   */
  public record StageView(
      String id,
      String instructions,
      List<String> requiredEvidence,
      Map<String, EvidencePolicy> peerEvidence,
      ImprovementArea area,
      int maxAttempts,
      int attemptsUsed,
      int visits,
      boolean passed,
      Map<String, EdgeView> on,
      List<WorkflowRunEvent.CheckpointRecorded> checkpoints) {}

  /** A declared transition and its use so far. */
  public record EdgeView(String to, Integer maxTransitions, int taken) {}

  public static WorkflowRunView of(WorkflowDefinition definition, WorkflowRun run) {
    List<StageView> stages = definition.stages().stream().map(stage -> stage(stage, run)).toList();
    return new WorkflowRunView(
        run.id(),
        run.workflowId(),
        run.project(),
        run.coordinator(),
        run.status(),
        run.currentStage(),
        run.currentAttempt(),
        run.waiting(),
        run.failure(),
        run.transitionsTaken(),
        definition.maxTransitions(),
        run.definitionHash(),
        run.payloadHash(),
        run.createdAt(),
        run.updatedAt(),
        run.finishedAt(),
        stages);
  }

  private static StageView stage(StageDefinition stage, WorkflowRun run) {
    StageProgress progress = run.progress(stage.id());
    Map<String, EdgeView> on = new LinkedHashMap<>();
    for (CheckpointStatus outcome : CheckpointStatus.values()) {
      stage
          .edgeFor(outcome)
          .ifPresent(edge ->
              on.put(
                  outcome.wire(),
                  new EdgeView(
                      edge.to(), edge.maxTransitions(), run.edgeCount(stage.id(), outcome))));
    }
    return new StageView(
        stage.id(),
        stage.instructions(),
        stage.requiredEvidence(),
        stage.peerEvidence(),
        stage.area(),
        stage.maxAttempts(),
        progress.attemptsUsed(),
        progress.visits(),
        progress.passed(),
        on,
        progress.checkpoints());
  }
}
