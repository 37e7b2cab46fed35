package io.kxm.runtime.drive;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.RecoveryAction;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import java.util.ArrayList;
import java.util.List;

/** An operator's decision on a run blocked by a gate whose outcome could not be proven. */
public final class Recovery {
  private Recovery() {}

  public static RunState recover(
      DriveContext ctx, String runId, RecoveryAction action, String reason) {
    return ctx.append(runId, st -> decide(st, action, reason));
  }

  static Batch decide(RunState st, RecoveryAction action, String reason) {
    if (st.status() != RunStatus.BLOCKED_UNCERTAIN) {
      throw new KxmException(
          ErrorCode.RUN_NOT_BLOCKED,
          "run " + st.runId() + " is " + st.status().wire() + ", not blocked_uncertain");
    }
    String why = "recovered with " + action.wire() + ": " + reason;
    List<RunState.Step> blocked =
        st.steps().values().stream().filter(s -> s.status() == StepStatus.RUNNING).toList();
    List<RunEvent> events = new ArrayList<>();
    switch (action) {
      case RETRY, UNBLOCK -> {
        events.add(new RunEvent.RunMoved(RunStatus.RUNNING, why));
        for (RunState.Step step : blocked) {
          events.addAll(Settlements.closeAssignments(st, step.stepId()));
          events.add(
              new RunEvent.StepMoved(
                  step.stepId(),
                  action == RecoveryAction.RETRY ? StepStatus.RETRY_PENDING : StepStatus.PASSED,
                  why));
        }
      }
      case FAIL -> events.addAll(Settlements.fail(st, why));
      case CANCEL -> events.addAll(Settlements.cancel(st, why));
    }
    return new Batch(events, List.of());
  }
}
