package io.kxm.runtime.api;

import java.util.List;

/**
 * A run with its steps, open interactions and last receipt, as {@code kxm runs status} shows it.
 *
 * @param eventCount events in the run's log
 * @param reason why the run is where it is, for example {@code gate_start_failed}; null when none
 * @param work where the run's writing steps left their work; null when no step wrote
 * @param spend what the run's attempts used; null when no attempt reported (simulated drives)
 */
public record RunDetail(
    RunSummary run,
    List<StepView> steps,
    List<InteractionView> interactions,
    Receipt lastReceipt,
    long eventCount,
    String reason,
    WorkView work,
    SpendTotal spend) {

  /**
   * The run's branch and worktree, and its latest patch against the base commit.
   *
   * @param worktree the folder, until {@code kxm runs clean} removes it ({@code removed})
   * @param headCommit the branch's commit after the latest writing step; null before one ended
   * @param patchFile the absolute path of the latest patch; null before a writing step ended
   */
  public record WorkView(
      String branch,
      String worktree,
      boolean removed,
      String baseCommit,
      String headCommit,
      String patchFile,
      String patchSha256,
      int files,
      long insertions,
      long deletions) {}

  /** One step: its state, its attempts so far and, for a gate, the exit code it recorded. */
  public record StepView(String stepId, String type, String status, int attempts, String detail) {}

  /**
   * An approval or wait that waits for an answer.
   *
   * @param kind {@code approval} or {@code wait}
   * @param status {@code pending}, {@code resolved}, or {@code closed} when the run ended (was
   *     cancelled, failed) before anyone answered
   */
  public record InteractionView(
      String interactionId, String stepId, String kind, String status, String question) {}
}
