package io.kxm.runtime.drive;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.SideRow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * One drive of one run: pins the plan on the first drive, then executes the steps in order until
 * the run finishes, parks on an interaction or blocks on an unproven gate. The caller guarantees
 * that no other drive of the same run is active.
 */
public final class Drive {
  private final DriveContext ctx;
  private final String runId;
  private final BooleanSupplier cancelled;
  private final Steps steps;
  private final CompiledPlan planToPin;

  /**
   * @param planToPin the plan compiled from the current tree, pinned if the run has none yet
   * @param live whether the producer is live: writing steps then work in the run's worktree
   */
  public Drive(
      DriveContext ctx,
      String runId,
      CompiledPlan planToPin,
      AgentProducer producer,
      BooleanSupplier cancelled,
      boolean live) {
    this.ctx = ctx;
    this.runId = runId;
    this.planToPin = planToPin;
    this.cancelled = cancelled;
    this.steps = new Steps(ctx, runId, producer, cancelled, live);
  }

  public Ending run() {
    RunState s = ctx.store().load(runId);
    if (s.status() == RunStatus.RUNNING || s.status() == RunStatus.CANCELLING) {
      // Work a previous drive left open is settled before anything new starts.
      s = Reconciler.settleRun(ctx, runId);
      if (s.status() == RunStatus.BLOCKED_UNCERTAIN) {
        return Ending.UNSETTLED;
      }
      if (s.status().terminal()) {
        return Ending.TERMINAL;
      }
    }
    s = enter(s);
    if (s.status() == RunStatus.CANCELLING) {
      return cancelRun();
    }
    CompiledPlan plan = plan(s);
    for (CompiledPlan.PlanStep step : plan.steps()) {
      if (stopRequested()) {
        return cancelRun();
      }
      StepStatus current = ctx.store().load(runId).steps().get(step.id()).status();
      if (current == StepStatus.PASSED) {
        continue;
      }
      Steps.Outcome outcome = steps.execute(plan, step);
      switch (outcome) {
        case Steps.Outcome.Passed p -> {}
        case Steps.Outcome.Parked p -> {
          return park();
        }
        case Steps.Outcome.Blocked b -> {
          return block(b.reason());
        }
        case Steps.Outcome.Failed f -> {
          if (stopRequested()) {
            return cancelRun();
          }
          ctx.append(runId, st -> new Batch(Settlements.fail(st, f.reason()), List.of()));
          return Ending.TERMINAL;
        }
        case Steps.Outcome.Cancelled c -> {
          return cancelRun();
        }
      }
    }
    RunState done =
        ctx.append(
            runId,
            st ->
                st.status() == RunStatus.RUNNING
                    ? Batch.of(new RunEvent.RunMoved(RunStatus.COMPLETED, null))
                    : Batch.none());
    return done.status() == RunStatus.COMPLETED ? Ending.TERMINAL : cancelRun();
  }

  /** Moves the run into {@code running}, pinning the plan first when this is its first drive. */
  private RunState enter(RunState s) {
    return ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>();
          List<SideRow> rows = new ArrayList<>();
          switch (st.status()) {
            case CREATED, PREPARING -> {
              if (st.status() == RunStatus.CREATED) {
                events.add(new RunEvent.RunMoved(RunStatus.PREPARING, null));
              }
              String planJson = ctx.store().plan(runId).orElse(null);
              CompiledPlan plan = planJson == null ? planToPin : CompiledPlan.read(planJson);
              if (st.planSha256() == null) {
                events.add(new RunEvent.PlanPinned(plan.sha256(), plan.planned()));
              }
              if (planJson == null) {
                rows.add(new SideRow.Plan(plan.sha256(), plan.canonicalJson()));
              }
              events.add(new RunEvent.RunMoved(RunStatus.RUNNING, null));
            }
            case RETRY_PENDING, WAITING ->
                events.add(new RunEvent.RunMoved(RunStatus.RUNNING, null));
            case RUNNING, CANCELLING -> {}
            case QUEUED, BLOCKED_UNCERTAIN, COMPLETED, FAILED, CANCELLED ->
                throw new KxmException(
                    ErrorCode.RUN_TRANSITION_REFUSED,
                    "run " + runId + " cannot be driven from " + st.status().wire());
          }
          return new Batch(events, rows);
        });
  }

  private CompiledPlan plan(RunState s) {
    return CompiledPlan.read(
        ctx.store()
            .plan(runId)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUN_STATE_DIVERGED,
                    "run " + runId + " is " + s.status().wire() + " without a pinned plan")));
  }

  private boolean stopRequested() {
    return cancelled.getAsBoolean() || ctx.store().load(runId).status() == RunStatus.CANCELLING;
  }

  private Ending park() {
    RunState s =
        ctx.append(
            runId,
            st ->
                st.status() == RunStatus.RUNNING
                    ? Batch.of(new RunEvent.RunMoved(RunStatus.WAITING, null))
                    : Batch.none());
    return s.status() == RunStatus.WAITING ? Ending.HANDOFF : cancelRun();
  }

  private Ending block(String reason) {
    RunState s =
        ctx.append(
            runId,
            st ->
                st.status() == RunStatus.RUNNING
                    ? Batch.of(new RunEvent.RunMoved(RunStatus.BLOCKED_UNCERTAIN, reason))
                    : Batch.none());
    return s.status() == RunStatus.BLOCKED_UNCERTAIN ? Ending.UNSETTLED : cancelRun();
  }

  private Ending cancelRun() {
    ctx.append(
        runId,
        st ->
            st.status().terminal()
                ? Batch.none()
                : new Batch(Settlements.cancel(st, "cancelled"), List.of()));
    return Ending.TERMINAL;
  }
}
