package io.kxm.runtime.drive;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.memory.DispatchMemory;
import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;

/** Executes one step of a plan by its type; every change goes to the store as it happens. */
final class Steps {

  /** How a step ended for this drive. */
  sealed interface Outcome {
    record Passed() implements Outcome {}

    record Parked() implements Outcome {}

    record Blocked(String reason) implements Outcome {}

    record Failed(String reason) implements Outcome {}

    record Cancelled() implements Outcome {}
  }

  private final DriveContext ctx;
  private final String runId;
  private final Assignments assignments;
  private final GateStep gates;
  private final RunWorktrees worktrees;
  private final boolean isolateWrites;
  private final StepGuard guard;
  private CompiledPlan plan;
  private DispatchMemory memory;

  /** At most this many proposers of a {@code moa} step run at once. */
  static final int MAX_PARALLEL_PROPOSERS = 4;

  /** How long an agent's attempt may run when its step sets no timeout. */
  static final Duration DEFAULT_AGENT_TIMEOUT = Duration.ofMinutes(30);

  /**
   * @param isolateWrites whether writing steps get the run's worktree: true for live drives; a
   *     simulated drive writes nothing, so it works in the project as it is
   */
  Steps(
      DriveContext ctx,
      String runId,
      AgentProducer producer,
      BooleanSupplier cancelled,
      boolean isolateWrites) {
    this.ctx = ctx;
    this.runId = runId;
    this.guard = new StepGuard(cancelled);
    this.assignments = new Assignments(ctx, runId, producer, guard);
    this.worktrees = new RunWorktrees(ctx, runId);
    this.gates = new GateStep(ctx, runId, guard, worktrees);
    this.isolateWrites = isolateWrites;
  }

  Outcome execute(CompiledPlan plan, CompiledPlan.PlanStep step) {
    this.plan = plan;
    RunState s = ctx.store().load(runId);
    StepStatus status = s.steps().get(step.id()).status();
    if (status == StepStatus.WAITING) {
      return continueInteraction(step, s);
    }
    start(step.id());
    StepLeases leases;
    try {
      leases = StepLeases.take(ctx, runId, step, guard);
    } catch (KxmException e) {
      String code = e.code().code();
      ctx.append(runId, st -> Batch.of(new RunEvent.StepMoved(step.id(), StepStatus.FAILED, code)));
      return new Outcome.Failed(code + ": " + e.getMessage());
    } catch (InterruptedException e) {
      return new Outcome.Cancelled();
    }
    guard.hold(leases);
    try (leases) {
      Outcome outcome =
          switch (step.type()) {
            case "agent" -> agent(step);
            case "moa" -> moa(step);
            case "approval", "wait" -> openInteraction(step);
            case "gate" -> gates.run(step);
            default -> new Outcome.Failed("unknown_step_type");
          };
      String lost = leases.lost();
      if (lost != null && outcome instanceof Outcome.Cancelled) {
        // the step stopped because its lease was lost, not because the drive was cancelled
        ctx.append(
            runId,
            st ->
                st.steps().get(step.id()).status().terminal()
                    ? Batch.none()
                    : Batch.of(new RunEvent.StepMoved(step.id(), StepStatus.FAILED, "lease_lost")));
        return new Outcome.Failed(lost);
      }
      return outcome;
    } finally {
      guard.hold(null);
    }
  }

  /** Moves a step from wherever it waits into {@code running}. */
  private void start(String stepId) {
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>();
          StepStatus from = st.steps().get(stepId).status();
          if (from == StepStatus.PENDING) {
            events.add(new RunEvent.StepMoved(stepId, StepStatus.PREPARING, null));
          }
          if (from != StepStatus.RUNNING) {
            events.add(new RunEvent.StepMoved(stepId, StepStatus.RUNNING, null));
          }
          return new Batch(events, List.of());
        });
  }

  private Outcome agent(CompiledPlan.PlanStep step) {
    Assignments.Dispatch dispatch;
    try {
      dispatch = dispatch(step, step.agent(), step.writes());
    } catch (KxmException e) {
      return worktreeFailed(step.id(), e);
    }
    Assignments.Result r =
        assignments.run(step.id(), 0, step.agent(), prompt(step, step.agent(), null), dispatch);
    return finishStep(step.id(), r, "answered by " + step.agent());
  }

  /**
   * The proposers answer in parallel, at most {@link #MAX_PARALLEL_PROPOSERS} at a time and always
   * read-only, then the aggregator answers with their answers in its prompt; only the aggregator
   * may write. The first proposer that does not answer decides the step.
   */
  private Outcome moa(CompiledPlan.PlanStep step) {
    List<RunState.Assignment> prepared = new ArrayList<>();
    for (int i = 0; i < step.agents().size(); i++) {
      prepared.add(assignments.prepare(step.id(), i, step.agents().get(i)));
    }
    List<Assignments.Result> results = new ArrayList<>();
    Semaphore slots = new Semaphore(MAX_PARALLEL_PROPOSERS);
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<Assignments.Result>> running = new ArrayList<>();
      for (RunState.Assignment a : prepared) {
        Assignments.Dispatch dispatch = dispatch(step, a.agentId(), false);
        String prompt = prompt(step, a.agentId(), null);
        running.add(
            pool.submit(() -> {
              slots.acquire();
              try {
                return assignments.run(a, prompt, dispatch);
              } finally {
                slots.release();
              }
            }));
      }
      for (Future<Assignments.Result> f : running) {
        results.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome.Cancelled();
    } catch (ExecutionException e) {
      throw new IllegalStateException("a proposer of step " + step.id() + " broke", e.getCause());
    } catch (KxmException e) {
      return worktreeFailed(step.id(), e);
    }
    StringBuilder answers = new StringBuilder();
    for (int i = 0; i < results.size(); i++) {
      if (!(results.get(i) instanceof Assignments.Result.Answered a)) {
        return finishStep(step.id(), results.get(i), null);
      }
      answers.append("\n\n[").append(step.agents().get(i)).append("]\n").append(a.text());
    }
    Assignments.Dispatch dispatch;
    try {
      dispatch = dispatch(step, step.aggregator(), step.writes());
    } catch (KxmException e) {
      return worktreeFailed(step.id(), e);
    }
    Assignments.Result r =
        assignments.run(
            step.id(),
            step.agents().size(),
            step.aggregator(),
            prompt(step, step.aggregator(), answers.toString()),
            dispatch);
    return finishStep(
        step.id(), r, "aggregated " + step.agents().size() + " answers by " + step.aggregator());
  }

  /**
   * Where the agent works: a writing step opens the run's worktree (live drives only), and every
   * later step reads there, so it sees what was written.
   *
   * @throws KxmException {@code worktree_failed} when the worktree cannot be made
   */
  private Assignments.Dispatch dispatch(
      CompiledPlan.PlanStep step, String agentId, boolean writes) {
    boolean isolated = writes && isolateWrites;
    Path workspace;
    try {
      workspace = isolated ? worktrees.open() : worktrees.workspace();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KxmException(
          ErrorCode.WORKTREE_FAILED, "interrupted while the worktree of run " + runId + " opened");
    }
    Duration timeout =
        step.timeoutMillis() == null
            ? DEFAULT_AGENT_TIMEOUT
            : Duration.ofMillis(step.timeoutMillis());
    return new Assignments.Dispatch(plan.route(agentId).orElse(null), workspace, isolated, timeout);
  }

  private Outcome worktreeFailed(String stepId, KxmException e) {
    if (e.code() != ErrorCode.WORKTREE_FAILED) {
      throw e;
    }
    ctx.append(
        runId,
        st -> Batch.of(new RunEvent.StepMoved(stepId, StepStatus.FAILED, "worktree_failed")));
    return new Outcome.Failed("worktree_failed: " + e.getMessage());
  }

  private Outcome finishStep(String stepId, Assignments.Result r, String detail) {
    return switch (r) {
      case Assignments.Result.Answered a -> {
        ctx.append(
            runId, st -> Batch.of(new RunEvent.StepMoved(stepId, StepStatus.PASSED, detail)));
        yield new Outcome.Passed();
      }
      case Assignments.Result.Rejected j -> {
        ctx.append(
            runId, st -> Batch.of(new RunEvent.StepMoved(stepId, StepStatus.FAILED, j.code())));
        yield new Outcome.Failed("producer_rejected");
      }
      case Assignments.Result.Exhausted x -> {
        ctx.append(
            runId,
            st ->
                Batch.of(new RunEvent.StepMoved(stepId, StepStatus.FAILED, "attempts_exhausted")));
        yield new Outcome.Failed("attempts_exhausted");
      }
      case Assignments.Result.Cancelled c -> new Outcome.Cancelled();
    };
  }

  /** Records the question, hands it to its agent and parks the step. */
  private Outcome openInteraction(CompiledPlan.PlanStep step) {
    String target =
        step.allowedAgents().isEmpty() ? "coordinator" : step.allowedAgents().getFirst();
    String question =
        step.prompt() == null ? step.type() + " requested by step " + step.id() : step.prompt();
    String interactionId = Ids.next("int", ctx.clock());
    assignments.openForInteraction(step.id(), target);
    ctx.append(
        runId,
        st ->
            Batch.of(
                new RunEvent.InteractionOpened(
                    interactionId, step.id(), step.type(), question, target),
                new RunEvent.StepMoved(step.id(), StepStatus.WAITING, "waiting for " + target)));
    return new Outcome.Parked();
  }

  /** The interaction was answered: the attempt settles and the step passes, or fails on a no. */
  private Outcome continueInteraction(CompiledPlan.PlanStep step, RunState s) {
    RunState.Interaction answered =
        s.interactions().values().stream()
            .filter(i -> i.stepId().equals(step.id()) && i.resolved())
            .reduce((a, b) -> b)
            .orElseThrow();
    boolean denied = "approval".equals(step.type()) && !answered.approved();
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>();
          events.add(new RunEvent.StepMoved(step.id(), StepStatus.RUNNING, null));
          for (RunState.Attempt a : st.openAttempts()) {
            if (a.stepId().equals(step.id())) {
              events.add(Settlements.attempt(a, AttemptStatus.SETTLING, null, null));
              events.add(
                  Settlements.attempt(
                      a, AttemptStatus.TERMINAL, AttemptResult.OUTCOME, "answered"));
              if (answered.answer() != null) {
                events.add(
                    new RunEvent.AnswerRecorded(
                        step.id(),
                        a.assignmentId(),
                        a.attemptId(),
                        answered.targetAgent(),
                        answered.answer()));
              }
            }
          }
          for (RunState.Assignment a : st.assignmentsOf(step.id())) {
            if (a.status() == AssignmentStatus.EXECUTING) {
              events.add(
                  new RunEvent.AssignmentMoved(
                      a.assignmentId(), a.stepId(), a.agentId(), AssignmentStatus.RESULT_RECORDED));
            }
            if (a.status() != AssignmentStatus.TERMINAL) {
              events.add(
                  new RunEvent.AssignmentMoved(
                      a.assignmentId(), a.stepId(), a.agentId(), AssignmentStatus.TERMINAL));
            }
          }
          events.add(
              denied
                  ? new RunEvent.StepMoved(step.id(), StepStatus.FAILED, "approval_denied")
                  : new RunEvent.StepMoved(
                      step.id(), StepStatus.PASSED, "answered by " + answered.by()));
          return new Batch(events, List.of());
        });
    return denied ? new Outcome.Failed("approval_denied") : new Outcome.Passed();
  }

  private String prompt(CompiledPlan.PlanStep step, String agentId, String answers) {
    StringBuilder out = new StringBuilder();
    plan.route(agentId).ifPresent(route -> out.append(RoleContext.of(route)).append("\n\n"));
    if (step.prompt() != null) {
      out.append(step.prompt());
    }
    String runPrompt = ctx.prompts().get(runId).orElse("");
    if (!runPrompt.isEmpty()) {
      out.append(out.isEmpty() ? "" : "\n\n").append(runPrompt);
    }
    if (answers != null) {
      out.append("\n\nAnswers of the other agents:").append(answers);
    }
    if (memory() instanceof DispatchMemory.Included included) {
      return included.brief().text() + "\n---\n\n" + out;
    }
    return out.toString();
  }

  /**
   * Checks the project memory once per drive, on the first dispatch, and records the decision as an
   * event, so every agent of one drive is told the same thing and the run shows what it was.
   */
  private DispatchMemory memory() {
    if (memory == null) {
      String pinned = ctx.store().load(runId).revisions().memory();
      DispatchMemory decided = DispatchMemory.check(ctx.projectRoot(), pinned);
      String reason = decided instanceof DispatchMemory.Gap gap ? gap.reason() : null;
      ctx.append(
          runId,
          st ->
              st.status() != RunStatus.RUNNING || decided instanceof DispatchMemory.Absent
                  ? Batch.none()
                  : Batch.of(
                      new RunEvent.MemoryBriefed(
                          pinned, decided instanceof DispatchMemory.Included, reason)));
      memory = decided;
    }
    return memory;
  }
}
