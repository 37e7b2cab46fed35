package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Appends a verdict and what follows from it, as one decision. */
final class Verdicts {
  private Verdicts() {}

  /**
   * @param leading records that come before the verdict, such as the signal that carried it
   */
  static Decision apply(
      WorkflowDefinition definition,
      WorkflowRun run,
      WorkflowRunEvent verdict,
      CheckpointStatus status,
      Instant now,
      boolean bySignal,
      WorkflowRunEvent... leading) {
    List<WorkflowRunEvent> events = new ArrayList<>(List.of(leading));
    events.add(verdict);
    WorkflowRun judged = WorkflowRunFold.apply(run, events);
    Consequences.Step step = Consequences.after(definition, judged, status, now, bySignal);
    events.add(step.event());
    return new Decision.Applied(
        WorkflowRunFold.apply(judged, List.of(step.event())), events, step.instruction());
  }
}
