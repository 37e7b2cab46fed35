package io.kxm.runtime.drive;

import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * The event sequences that wind a run down: settling open attempts, closing assignments, skipping
 * steps that will never run. Pure functions of a state, so drives, cancels, recoveries and
 * reconciliation all end runs the same way.
 */
public final class Settlements {
  private Settlements() {}

  /** Settles every open attempt with {@code result}, through settling when it had started. */
  public static List<RunEvent> settleAttempts(RunState s, AttemptResult result, String detail) {
    List<RunEvent> out = new ArrayList<>();
    for (RunState.Attempt a : s.openAttempts()) {
      if (a.status() != AttemptStatus.CREATED && a.status() != AttemptStatus.SETTLING) {
        out.add(attempt(a, AttemptStatus.SETTLING, null, detail));
      }
      out.add(attempt(a, AttemptStatus.TERMINAL, result, detail));
    }
    return out;
  }

  public static List<RunEvent> closeAssignments(RunState s, String stepId) {
    List<RunEvent> out = new ArrayList<>();
    for (RunState.Assignment a : s.assignments().values()) {
      if ((stepId == null || a.stepId().equals(stepId))
          && a.status() != AssignmentStatus.TERMINAL) {
        out.add(
            new RunEvent.AssignmentMoved(
                a.assignmentId(), a.stepId(), a.agentId(), AssignmentStatus.TERMINAL));
      }
    }
    return out;
  }

  /** Pending steps are skipped; steps that had begun end as {@code unfinished}. */
  public static List<RunEvent> closeSteps(RunState s, StepStatus unfinished, String detail) {
    List<RunEvent> out = new ArrayList<>();
    for (RunState.Step step : s.steps().values()) {
      if (step.status() == StepStatus.PENDING) {
        out.add(new RunEvent.StepMoved(step.stepId(), StepStatus.SKIPPED, detail));
      } else if (!step.status().terminal()) {
        out.add(new RunEvent.StepMoved(step.stepId(), unfinished, detail));
      }
    }
    return out;
  }

  /** Cancels the whole run: attempts drain through settling, the run through cancelling. */
  public static List<RunEvent> cancel(RunState s, String reason) {
    List<RunEvent> out = new ArrayList<>();
    if (s.status() == RunStatus.QUEUED) {
      out.add(new RunEvent.RunMoved(RunStatus.CANCELLED, reason));
      return out;
    }
    if (s.status() != RunStatus.CANCELLING) {
      out.add(new RunEvent.RunMoved(RunStatus.CANCELLING, reason));
    }
    out.addAll(settleAttempts(s, AttemptResult.CANCELLED, reason));
    out.addAll(closeAssignments(s, null));
    out.addAll(closeSteps(s, StepStatus.CANCELLED, reason));
    out.add(new RunEvent.RunMoved(RunStatus.CANCELLED, reason));
    return out;
  }

  /** Fails the run: open work is settled, begun steps fail, the rest are skipped. */
  public static List<RunEvent> fail(RunState s, String reason) {
    List<RunEvent> out = new ArrayList<>();
    out.addAll(settleAttempts(s, AttemptResult.CANCELLED, reason));
    out.addAll(closeAssignments(s, null));
    out.addAll(closeSteps(s, StepStatus.FAILED, reason));
    out.add(new RunEvent.RunMoved(RunStatus.FAILED, reason));
    return out;
  }

  static RunEvent attempt(
      RunState.Attempt a, AttemptStatus to, AttemptResult result, String detail) {
    return new RunEvent.AttemptMoved(
        a.attemptId(), a.assignmentId(), a.stepId(), to, result, null, detail);
  }
}
