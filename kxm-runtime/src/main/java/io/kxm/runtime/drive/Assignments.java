package io.kxm.runtime.drive;

import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.AgentProducer.ProducerResult;
import io.kxm.runtime.api.AgentRoute;
import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.SideRow;
import io.kxm.runtime.usage.TokenUsage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One agent's share of a step: the assignment, its attempts and their retries. An attempt whose
 * outcome is unknown is tried again, through {@code retry_pending}, until the budget is spent.
 */
final class Assignments {

  sealed interface Result {
    record Answered(String text) implements Result {}

    record Rejected(String code) implements Result {}

    record Exhausted() implements Result {}

    record Cancelled() implements Result {}
  }

  private final DriveContext ctx;
  private final String runId;
  private final AgentProducer producer;
  private final StepGuard cancelled;

  Assignments(DriveContext ctx, String runId, AgentProducer producer, StepGuard cancelled) {
    this.ctx = ctx;
    this.runId = runId;
    this.producer = producer;
    this.cancelled = cancelled;
  }

  /**
   * Where and how an agent's attempts run.
   *
   * @param route the agent's pinned route; null in a plan pinned without routes
   * @param workspace the project root, or the run's worktree
   * @param writes whether the agent may change files; its attempts then leave a diff as evidence
   */
  record Dispatch(AgentRoute route, Path workspace, boolean writes, Duration timeout) {}

  /**
   * Runs the {@code index}-th assignment of the step to its end; see {@link
   * #run(RunState.Assignment, String, Dispatch)}.
   */
  Result run(String stepId, int index, String agentId, String prompt, Dispatch dispatch) {
    return run(prepare(stepId, index, agentId), prompt, dispatch);
  }

  /**
   * The {@code index}-th assignment of the step, created when no earlier drive did. Assignments of
   * one step are prepared in order, so a later drive finds each by its index.
   */
  RunState.Assignment prepare(String stepId, int index, String agentId) {
    return existingOrNew(stepId, index, agentId);
  }

  /** Runs an assignment to its end; an answered one is not asked again. */
  Result run(RunState.Assignment a, String prompt, Dispatch dispatch) {
    if (a.answer() != null) {
      return new Result.Answered(a.answer());
    }
    String assignmentId = a.assignmentId();
    String stepId = a.stepId();
    String agentId = a.agentId();
    while (true) {
      RunState s = ctx.store().load(runId);
      int attemptNo = s.attemptsOf(assignmentId).size() + 1;
      if (attemptNo > ctx.maxAttempts()) {
        close(assignmentId, stepId, agentId);
        return new Result.Exhausted();
      }
      String attemptId = startAttempt(stepId, assignmentId, agentId, true);
      ProducerResult result = produce(stepId, agentId, prompt, attemptNo, dispatch);
      List<RunEvent> evidence = new ArrayList<>(spent(attemptId, stepId, agentId, result));
      try {
        evidence.addAll(diff(stepId, attemptId, dispatch));
      } catch (KxmException e) {
        result =
            new ProducerResult.Unknown(e.code().code() + ": " + e.getMessage(), result.usage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        result = new ProducerResult.Cancelled(result.usage());
      }
      switch (result) {
        case ProducerResult.Answered answered -> {
          settle(
              stepId,
              assignmentId,
              attemptId,
              AttemptResult.OUTCOME,
              null,
              answered,
              agentId,
              evidence);
          return new Result.Answered(answered.text());
        }
        case ProducerResult.Rejected rejected -> {
          settle(
              stepId,
              assignmentId,
              attemptId,
              AttemptResult.PRODUCER_REJECTED,
              rejected.code() + ": " + rejected.reason(),
              null,
              agentId,
              evidence);
          return new Result.Rejected(rejected.code());
        }
        case ProducerResult.Cancelled c -> {
          settle(
              stepId,
              assignmentId,
              attemptId,
              AttemptResult.CANCELLED,
              cancelled.lost(),
              null,
              agentId,
              evidence);
          return new Result.Cancelled();
        }
        case ProducerResult.Unknown unknown -> {
          settleUnknown(stepId, attemptId, assignmentId, unknown.reason(), attemptNo, evidence);
        }
      }
    }
  }

  /** The attempt's spend, when its producer ran a harness or reported tokens. */
  private static List<RunEvent> spent(
      String attemptId, String stepId, String agentId, ProducerResult result) {
    AgentProducer.Usage u = result.usage();
    if (u == null || (u.harness() == null && !u.tokens().available())) {
      return List.of();
    }
    TokenUsage t = u.tokens();
    return List.of(
        new RunEvent.AttemptSpent(
            attemptId,
            stepId,
            agentId,
            u.harness(),
            u.model(),
            t.input(),
            t.output(),
            t.cacheRead(),
            t.cacheWrite(),
            t.reasoning(),
            t.source().wireName(),
            u.spend().isKnown() ? u.spend().usd().toPlainString() : null,
            u.spend().isKnown() ? null : u.spend().unknownBecause()));
  }

  private List<RunEvent> diff(String stepId, String attemptId, Dispatch dispatch)
      throws InterruptedException {
    if (dispatch == null || !dispatch.writes()) {
      return List.of();
    }
    return new RunWorktrees(ctx, runId)
        .diff(stepId, attemptId)
        .<List<RunEvent>>map(List::of)
        .orElse(List.of());
  }

  /** Approval and wait steps: the assignment and attempt stay executing until someone answers. */
  void openForInteraction(String stepId, String target) {
    RunState.Assignment a = existingOrNew(stepId, 0, target);
    startAttempt(stepId, a.assignmentId(), target, true);
  }

  private RunState.Assignment existingOrNew(String stepId, int index, String agentId) {
    List<RunState.Assignment> mine = ctx.store().load(runId).assignmentsOf(stepId);
    if (index < mine.size() && mine.get(index).agentId().equals(agentId)) {
      return mine.get(index);
    }
    String id = Ids.next("asg", ctx.clock());
    RunState s =
        ctx.append(
            runId,
            st ->
                Batch.of(
                    new RunEvent.AssignmentMoved(id, stepId, agentId, AssignmentStatus.CREATED),
                    new RunEvent.AssignmentMoved(id, stepId, agentId, AssignmentStatus.ACCEPTED),
                    new RunEvent.AssignmentMoved(
                        id, stepId, agentId, AssignmentStatus.DISPATCHED)));
    return s.assignments().get(id);
  }

  /** Creates an attempt with a fresh capability secret, of which only the hash is kept. */
  String startAttempt(String stepId, String assignmentId, String agentId, boolean execute) {
    String attemptId = Ids.next("att", ctx.clock());
    String capabilityHash = Tokens.sha256Hex(Tokens.generate("kxm_cap_"));
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>();
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId,
                  assignmentId,
                  stepId,
                  AttemptStatus.CREATED,
                  null,
                  capabilityHash,
                  null));
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId, assignmentId, stepId, AttemptStatus.STARTING, null, null, null));
          if (st.assignments().get(assignmentId).status() == AssignmentStatus.DISPATCHED) {
            events.add(
                new RunEvent.AssignmentMoved(
                    assignmentId, stepId, agentId, AssignmentStatus.EXECUTING));
          }
          if (execute) {
            events.add(
                new RunEvent.AttemptMoved(
                    attemptId, assignmentId, stepId, AttemptStatus.EXECUTING, null, null, null));
          }
          return new Batch(
              events,
              List.of(
                  new SideRow.Capability(
                      attemptId, stepId, assignmentId, capabilityHash, ctx.clock().instant())));
        });
    return attemptId;
  }

  private ProducerResult produce(
      String stepId, String agentId, String prompt, int attemptNo, Dispatch d) {
    try {
      ProducerResult r =
          producer.produce(
              new AgentProducer.ProducerRequest(
                  runId,
                  stepId,
                  agentId,
                  prompt,
                  attemptNo,
                  d == null ? null : d.route(),
                  ctx.projectRoot(),
                  d == null ? ctx.projectRoot() : d.workspace(),
                  d != null && d.writes(),
                  d == null ? null : d.timeout(),
                  cancelled.environment()),
              cancelled);
      return r == null ? new ProducerResult.Unknown("the producer returned nothing") : r;
    } catch (RuntimeException e) {
      // A producer must not throw for an agent's failure; if it does, the outcome is unknown.
      return new ProducerResult.Unknown(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private void settle(
      String stepId,
      String assignmentId,
      String attemptId,
      AttemptResult result,
      String detail,
      ProducerResult.Answered answered,
      String agentId,
      List<RunEvent> evidence) {
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>(evidence);
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId, assignmentId, stepId, AttemptStatus.SETTLING, null, null, null));
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId, assignmentId, stepId, AttemptStatus.TERMINAL, result, null, detail));
          if (answered != null) {
            events.add(
                new RunEvent.AnswerRecorded(
                    stepId, assignmentId, attemptId, agentId, answered.text()));
            events.add(
                new RunEvent.AssignmentMoved(
                    assignmentId, stepId, agentId, AssignmentStatus.RESULT_RECORDED));
          }
          events.add(
              new RunEvent.AssignmentMoved(
                  assignmentId, stepId, agentId, AssignmentStatus.TERMINAL));
          return new Batch(events, List.of());
        });
  }

  /** The attempt ends unknown; the step goes through retry_pending when another try is left. */
  private void settleUnknown(
      String stepId,
      String attemptId,
      String assignmentId,
      String reason,
      int attemptNo,
      List<RunEvent> evidence) {
    boolean retry = attemptNo < ctx.maxAttempts();
    ctx.append(
        runId,
        st -> {
          List<RunEvent> events = new ArrayList<>(evidence);
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId, assignmentId, stepId, AttemptStatus.SETTLING, null, null, null));
          events.add(
              new RunEvent.AttemptMoved(
                  attemptId,
                  assignmentId,
                  stepId,
                  AttemptStatus.TERMINAL,
                  AttemptResult.OUTCOME_UNKNOWN,
                  null,
                  reason));
          if (retry) {
            events.add(
                new RunEvent.StepMoved(
                    stepId, StepStatus.RETRY_PENDING, "attempt " + attemptNo + " outcome unknown"));
            events.add(new RunEvent.StepMoved(stepId, StepStatus.RUNNING, null));
          }
          return new Batch(events, List.of());
        });
  }

  private void close(String assignmentId, String stepId, String agentId) {
    ctx.append(
        runId,
        st ->
            st.assignments().get(assignmentId).status() == AssignmentStatus.TERMINAL
                ? Batch.none()
                : Batch.of(
                    new RunEvent.AssignmentMoved(
                        assignmentId, stepId, agentId, AssignmentStatus.TERMINAL)));
  }
}
