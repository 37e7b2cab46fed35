package io.kxm.runtime.project;

import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.run.RunState;

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

  static RunDetail detail(RunState s, Receipt lastReceipt) {
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
        s.reason());
  }

  /** An unanswered interaction of a finished run can no longer be answered: it is closed. */
  private static String interactionStatus(RunState.Interaction i, RunState s) {
    if (i.resolved()) {
      return "resolved";
    }
    return s.status().terminal() ? "closed" : "pending";
  }
}
