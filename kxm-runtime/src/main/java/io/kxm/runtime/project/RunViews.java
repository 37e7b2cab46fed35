package io.kxm.runtime.project;

import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.api.SpendTotal;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import java.nio.file.Path;

/** The API's views of a folded run. */
final class RunViews {
  private RunViews() {}

  static RunSummary summary(RunState s) {
    return new RunSummary(
        s.runId(),
        s.workflowId(),
        s.status().wire(),
        s.createdAt(),
        s.updatedAt(),
        s.config(),
        null);
  }

  /**
   * @param runFiles the project's runtime folder, which patch files are named relative to
   */
  static RunDetail detail(RunState s, Receipt lastReceipt, Path runFiles) {
    return new RunDetail(
        summary(s),
        s.steps().values().stream()
            .map(st ->
                new RunDetail.StepView(
                    st.stepId(), st.type(), st.status().wire(), st.attempts(), st.detail()))
            .toList(),
        s.interactions().values().stream()
            .map(i ->
                new RunDetail.InteractionView(
                    i.interactionId(), i.stepId(), i.kind(), interactionStatus(i, s), i.question()))
            .toList(),
        lastReceipt,
        s.lastSequence(),
        s.reason(),
        work(s.work(), runFiles),
        SpendTotal.of(s.spent()));
  }

  private static RunDetail.WorkView work(RunState.Work w, Path runFiles) {
    if (w == null) {
      return null;
    }
    RunEvent.WorktreeDiffed d = w.lastDiff();
    return new RunDetail.WorkView(
        w.branch(),
        w.path(),
        w.removed(),
        w.baseCommit(),
        d == null ? null : d.headCommit(),
        d == null ? null : runFiles.resolve(d.patchFile()).toString(),
        d == null ? null : d.patchSha256(),
        d == null ? 0 : d.files(),
        d == null ? 0 : d.insertions(),
        d == null ? 0 : d.deletions());
  }

  /** An unanswered interaction of a finished run can no longer be answered: it is closed. */
  private static String interactionStatus(RunState.Interaction i, RunState s) {
    if (i.resolved()) {
      return "resolved";
    }
    return s.status().terminal() ? "closed" : "pending";
  }
}
