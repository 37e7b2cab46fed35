package io.kxm.core.workflow.run;

import java.util.List;

/**
 * What one stage has done in a run so far.
 *
 * @param attemptsUsed attempts with a verdict, across every visit; the stage's {@code maxAttempts}
 *     bounds it
 * @param failuresSinceRuling failed or warning verdicts since the stage opened or since the last
 *     operator ruling; {@code autoResumeLimit} compares against it
 * @param visits how often the stage was opened (back-edges open a stage again)
 * @param transitionsOut declared transitions taken out of this stage
 * @param passed whether its latest verdict was {@code passed}
 * @param checkpoints every verdict, oldest first
 */
public record StageProgress(
    String stageId,
    int attemptsUsed,
    int failuresSinceRuling,
    int visits,
    int transitionsOut,
    boolean passed,
    List<WorkflowRunEvent.CheckpointRecorded> checkpoints) {

  public StageProgress {
    checkpoints = List.copyOf(checkpoints);
  }

  static StageProgress fresh(String stageId) {
    return new StageProgress(stageId, 0, 0, 0, 0, false, List.of());
  }

  /** Opened again, by order or by an edge: a new visit with a clean failure count. */
  StageProgress opened() {
    return new StageProgress(
        stageId, attemptsUsed, 0, visits + 1, transitionsOut, false, checkpoints);
  }

  /** After an operator's ruling, the stage gets its automatic retries back. */
  StageProgress ruled() {
    return new StageProgress(stageId, attemptsUsed, 0, visits, transitionsOut, passed, checkpoints);
  }

  /** The verdict on its next attempt. */
  StageProgress judged(WorkflowRunEvent.CheckpointRecorded verdict) {
    boolean pass = verdict.status() == io.kxm.core.workflow.CheckpointStatus.PASSED;
    List<WorkflowRunEvent.CheckpointRecorded> all = new java.util.ArrayList<>(checkpoints);
    all.add(verdict);
    return new StageProgress(
        stageId,
        verdict.attempt(),
        pass ? failuresSinceRuling : failuresSinceRuling + 1,
        visits,
        transitionsOut,
        pass,
        all);
  }

  /** A declared edge left the stage. */
  StageProgress routedOut() {
    return new StageProgress(
        stageId,
        attemptsUsed,
        failuresSinceRuling,
        visits,
        transitionsOut + 1,
        passed,
        checkpoints);
  }
}
