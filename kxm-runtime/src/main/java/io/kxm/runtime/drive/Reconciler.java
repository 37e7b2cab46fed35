package io.kxm.runtime.drive;

import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Settles what a drive left open when it died. Nobody can tell how an attempt that was executing
 * ended, so it settles as {@code outcome_unknown}: a gate's run blocks for an operator to decide,
 * an agent's run goes to {@code retry_pending} while its budget lasts, else fails.
 */
public final class Reconciler {
  static final String UNKNOWN = "the drive stopped while the attempt ran";

  private Reconciler() {}

  /**
   * Reconciles every run no live drive holds; returns the ids of runs that changed. Ended runs have
   * nothing to settle, so only the others are loaded.
   */
  public static List<String> reconcileAll(DriveContext ctx, Predicate<String> activelyDriven) {
    List<String> changed = new ArrayList<>();
    for (String runId : ctx.store().unfinishedRunIds()) {
      if (activelyDriven.test(runId)) {
        continue;
      }
      RunState before = ctx.store().load(runId);
      if (before.status() != RunStatus.RUNNING && before.status() != RunStatus.CANCELLING) {
        continue;
      }
      RunState after = settleRun(ctx, runId);
      if (after.status() == RunStatus.RUNNING) {
        after =
            ctx.append(
                runId,
                st ->
                    st.status() == RunStatus.RUNNING
                        ? Batch.of(
                            new RunEvent.RunMoved(RunStatus.RETRY_PENDING, "drive_interrupted"))
                        : Batch.none());
      }
      if (after.lastSequence() != before.lastSequence()) {
        changed.add(runId);
      }
    }
    return changed;
  }

  /** Settles one run's open attempts and decides where the run goes next. */
  static RunState settleRun(DriveContext ctx, String runId) {
    RunState s = ctx.store().load(runId);
    if (s.status() == RunStatus.CANCELLING) {
      return ctx.append(
          runId,
          st ->
              st.status() == RunStatus.CANCELLING
                  ? new Batch(Settlements.cancel(st, "cancelled"), List.of())
                  : Batch.none());
    }
    if (s.status() != RunStatus.RUNNING || s.openAttempts().isEmpty()) {
      return s;
    }
    Set<String> steps = new LinkedHashSet<>();
    s.openAttempts().forEach(a -> steps.add(a.stepId()));
    ctx.append(
        runId,
        st ->
            new Batch(
                Settlements.settleAttempts(st, AttemptResult.OUTCOME_UNKNOWN, UNKNOWN), List.of()));
    return ctx.append(runId, st -> decide(ctx, st, steps));
  }

  private static Batch decide(DriveContext ctx, RunState st, Set<String> steps) {
    if (st.status() != RunStatus.RUNNING) {
      return Batch.none();
    }
    if (steps.stream().anyMatch(id -> GateStep.isGate(st, id))) {
      return Batch.of(new RunEvent.RunMoved(RunStatus.BLOCKED_UNCERTAIN, "gate_outcome_unproven"));
    }
    List<RunEvent> events = new ArrayList<>();
    for (String stepId : steps) {
      boolean exhausted =
          st.assignmentsOf(stepId).stream()
              .filter(a -> a.status() != AssignmentStatus.TERMINAL)
              .anyMatch(a -> st.attemptsOf(a.assignmentId()).size() >= ctx.maxAttempts());
      if (exhausted) {
        events.add(new RunEvent.StepMoved(stepId, StepStatus.FAILED, "attempts_exhausted"));
        events.addAll(Settlements.closeAssignments(st, null));
        for (RunState.Step other : st.steps().values()) {
          if (other.status() == StepStatus.PENDING) {
            events.add(
                new RunEvent.StepMoved(other.stepId(), StepStatus.SKIPPED, "attempts_exhausted"));
          }
        }
        events.add(new RunEvent.RunMoved(RunStatus.FAILED, "attempts_exhausted"));
        return new Batch(events, List.of());
      }
      if (st.steps().get(stepId).status() == StepStatus.RUNNING) {
        events.add(
            new RunEvent.StepMoved(stepId, StepStatus.RETRY_PENDING, "attempt_outcome_unknown"));
      }
    }
    events.add(new RunEvent.RunMoved(RunStatus.RETRY_PENDING, "attempt_outcome_unknown"));
    return new Batch(events, List.of());
  }
}
