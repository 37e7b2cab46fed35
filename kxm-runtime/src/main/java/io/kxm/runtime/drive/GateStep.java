package io.kxm.runtime.drive;

import io.kxm.core.id.Ids;
import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.api.GateExecutor.GateOutcome;
import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.SideRow;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a gate step's command and records what can be proven about it: an exit code with hashes and
 * sizes of the output. A gate that timed out proves nothing, so the run blocks instead of passing
 * or failing on a guess.
 */
final class GateStep {
  private final DriveContext ctx;
  private final String runId;
  private final StepGuard cancelled;
  private final RunWorktrees worktrees;

  /**
   * @param worktrees where the command runs: the run's worktree once a writing step opened it, so a
   *     gate checks what the agents wrote; else the project
   */
  GateStep(DriveContext ctx, String runId, StepGuard cancelled, RunWorktrees worktrees) {
    this.ctx = ctx;
    this.runId = runId;
    this.cancelled = cancelled;
    this.worktrees = worktrees;
  }

  Steps.Outcome run(CompiledPlan.PlanStep step) {
    String agent = "gate:" + step.gateId();
    String assignmentId = openAssignment(step.id(), agent);
    Assignments attempts = new Assignments(ctx, runId, null, cancelled);
    String attemptId = attempts.startAttempt(step.id(), assignmentId, agent, true);
    GateOutcome outcome = execute(step);
    String lost = outcome instanceof GateOutcome.Cancelled ? cancelled.lost() : null;
    Instant at = ctx.clock().instant();
    String observationId = Ids.next("gob", ctx.clock());
    SideRow.GateEvidence row = evidence(observationId, step, attemptId, outcome, at);
    String evidenceHash = row.sha256(runId);
    Integer exit = outcome instanceof GateOutcome.Exited e ? e.exitCode() : null;
    AttemptResult result =
        switch (outcome) {
          case GateOutcome.Exited e -> AttemptResult.OUTCOME;
          case GateOutcome.TimedOut t -> AttemptResult.OUTCOME_UNKNOWN;
          case GateOutcome.StartFailed f -> AttemptResult.PRODUCER_REJECTED;
          case GateOutcome.Cancelled c -> AttemptResult.CANCELLED;
        };
    String detail =
        switch (outcome) {
          case GateOutcome.Exited e -> "exit " + e.exitCode();
          case GateOutcome.TimedOut t -> "timed out after " + t.timeout().toMillis() + " ms";
          case GateOutcome.StartFailed f ->
              (f.code() == null ? "gate_start_failed" : f.code().code()) + ": " + f.reason();
          case GateOutcome.Cancelled c -> lost == null ? "cancelled" : lost;
        };
    boolean proven = !(outcome instanceof GateOutcome.TimedOut);
    boolean passed = exit != null && exit == 0;
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>();
          events.add(move(attemptId, assignmentId, step, AttemptStatus.SETTLING, null, null));
          events.add(
              new RunEvent.GateObserved(
                  step.id(),
                  attemptId,
                  step.gateId(),
                  observationId,
                  row.outcome(),
                  exit,
                  evidenceHash));
          events.add(move(attemptId, assignmentId, step, AttemptStatus.TERMINAL, result, detail));
          if (proven) {
            if (exit != null) {
              events.add(assignment(assignmentId, step, agent, AssignmentStatus.RESULT_RECORDED));
            }
            events.add(assignment(assignmentId, step, agent, AssignmentStatus.TERMINAL));
            StepStatus to =
                passed
                    ? StepStatus.PASSED
                    : outcome instanceof GateOutcome.Cancelled && lost == null
                        ? StepStatus.CANCELLED
                        : StepStatus.FAILED;
            events.add(new RunEvent.StepMoved(step.id(), to, lost == null ? detail : "lease_lost"));
          }
          return new Batch(events, List.of(row));
        });
    return switch (outcome) {
      case GateOutcome.Exited e ->
          passed ? new Steps.Outcome.Passed() : new Steps.Outcome.Failed("gate_failed");
      case GateOutcome.TimedOut t -> new Steps.Outcome.Blocked("gate_timed_out");
      case GateOutcome.StartFailed f ->
          new Steps.Outcome.Failed(f.code() == null ? "gate_start_failed" : f.code().code());
      case GateOutcome.Cancelled c -> new Steps.Outcome.Cancelled();
    };
  }

  private GateOutcome execute(CompiledPlan.PlanStep step) {
    Long millis =
        step.gateTimeoutMillis() != null ? step.gateTimeoutMillis() : step.timeoutMillis();
    Duration timeout = millis == null ? ctx.defaultGateTimeout() : Duration.ofMillis(millis);
    try {
      GateOutcome outcome =
          ctx.gates()
              .run(
                  new GateExecutor.GateCommand(
                      step.gateId(),
                      step.gateArgv(),
                      worktrees.workspace(),
                      timeout,
                      Boolean.TRUE.equals(step.gateSandbox()),
                      cancelled.environment()),
                  cancelled);
      return outcome == null
          ? new GateOutcome.StartFailed("the executor returned nothing")
          : outcome;
    } catch (RuntimeException e) {
      // The executor must not throw for a command's failure; treat it as a command never started.
      return new GateOutcome.StartFailed(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  /** A fresh assignment per gate run, so a retried gate never reuses a settled one. */
  private String openAssignment(String stepId, String agent) {
    String id = Ids.next("asg", ctx.clock());
    ctx.append(
        runId,
        st ->
            Batch.of(
                new RunEvent.AssignmentMoved(id, stepId, agent, AssignmentStatus.CREATED),
                new RunEvent.AssignmentMoved(id, stepId, agent, AssignmentStatus.ACCEPTED),
                new RunEvent.AssignmentMoved(id, stepId, agent, AssignmentStatus.DISPATCHED)));
    return id;
  }

  private SideRow.GateEvidence evidence(
      String observationId,
      CompiledPlan.PlanStep step,
      String attemptId,
      GateOutcome outcome,
      Instant at) {
    return switch (outcome) {
      case GateOutcome.Exited e ->
          new SideRow.GateEvidence(
              observationId,
              step.id(),
              attemptId,
              step.gateId(),
              "exited",
              e.exitCode(),
              e.stdoutSha256(),
              e.stdoutBytes(),
              e.stderrSha256(),
              e.stderrBytes(),
              at);
      case GateOutcome.TimedOut t -> bare(observationId, step, attemptId, "timed_out", at);
      case GateOutcome.StartFailed f -> bare(observationId, step, attemptId, "start_failed", at);
      case GateOutcome.Cancelled c -> bare(observationId, step, attemptId, "cancelled", at);
    };
  }

  private static SideRow.GateEvidence bare(
      String observationId, CompiledPlan.PlanStep step, String attemptId, String kind, Instant at) {
    return new SideRow.GateEvidence(
        observationId, step.id(), attemptId, step.gateId(), kind, null, null, null, null, null, at);
  }

  private static RunEvent move(
      String attemptId,
      String assignmentId,
      CompiledPlan.PlanStep step,
      AttemptStatus to,
      AttemptResult result,
      String detail) {
    return new RunEvent.AttemptMoved(attemptId, assignmentId, step.id(), to, result, null, detail);
  }

  private static RunEvent assignment(
      String assignmentId, CompiledPlan.PlanStep step, String agent, AssignmentStatus to) {
    return new RunEvent.AssignmentMoved(assignmentId, step.id(), agent, to);
  }

  static boolean isGate(RunState s, String stepId) {
    return "gate".equals(s.steps().get(stepId).type());
  }
}
