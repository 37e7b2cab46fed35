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
      RunEvent verdict,
      CheckpointStatus status,
      Instant now,
      boolean bySignal,
      RunEvent... leading) {
    List<RunEvent> events = new ArrayList<>(List.of(leading));
    events.add(verdict);
    WorkflowRun judged = RunFold.apply(run, events);
    Consequences.Step step = Consequences.after(definition, judged, status, now, bySignal);
    events.add(step.event());
    return new Decision.Applied(
        RunFold.apply(judged, List.of(step.event())), events, step.instruction());
  }
}
