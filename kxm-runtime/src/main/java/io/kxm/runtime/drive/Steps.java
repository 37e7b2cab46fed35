package io.kxm.runtime.drive;

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
import java.util.ArrayList;
import java.util.List;
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
  private DispatchMemory memory;

  Steps(DriveContext ctx, String runId, AgentProducer producer, BooleanSupplier cancelled) {
    this.ctx = ctx;
    this.runId = runId;
    this.assignments = new Assignments(ctx, runId, producer, cancelled);
    this.gates = new GateStep(ctx, runId, cancelled);
  }

  Outcome execute(CompiledPlan.PlanStep step) {
    RunState s = ctx.store().load(runId);
    StepStatus status = s.steps().get(step.id()).status();
    if (status == StepStatus.WAITING) {
      return continueInteraction(step, s);
    }
    start(step.id());
    return switch (step.type()) {
      case "agent" -> agent(step);
      case "moa" -> moa(step);
      case "approval", "wait" -> openInteraction(step);
      case "gate" -> gates.run(step);
      default -> new Outcome.Failed("unknown_step_type");
    };
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
    Assignments.Result r = assignments.run(step.id(), 0, step.agent(), prompt(step, null));
    return finishStep(step.id(), r, "answered by " + step.agent());
  }

  /** Every agent answers, then the aggregator answers with their answers in its prompt. */
  private Outcome moa(CompiledPlan.PlanStep step) {
    StringBuilder answers = new StringBuilder();
    int index = 0;
    for (String agent : step.agents()) {
      Assignments.Result r = assignments.run(step.id(), index++, agent, prompt(step, null));
      if (!(r instanceof Assignments.Result.Answered a)) {
        return finishStep(step.id(), r, null);
      }
      answers.append("\n\n[").append(agent).append("]\n").append(a.text());
    }
    Assignments.Result r =
        assignments.run(step.id(), index, step.aggregator(), prompt(step, answers.toString()));
    return finishStep(
        step.id(), r, "aggregated " + step.agents().size() + " answers by " + step.aggregator());
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

  private String prompt(CompiledPlan.PlanStep step, String answers) {
    StringBuilder out = new StringBuilder();
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
