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
    List<RunEvent.CheckpointRecorded> checkpoints) {

  public StageProgress {
    checkpoints = List.copyOf(checkpoints);
  }

  static StageProgress fresh(String stageId) {
    return new StageProgress(stageId, 0, 0, 0, 0, false, List.of());
  }
}
