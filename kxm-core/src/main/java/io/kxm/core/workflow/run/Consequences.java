package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Instant;
import java.util.Optional;

/**
 * What follows a verdict on the current attempt, in this order: a declared {@code on} edge (within
 * its edge, stage and global budgets, else the run fails); on {@code passed} the next stage or
 * completion; otherwise a retry, unless the attempts are used up (the run fails) or the stage
 * failed {@code autoResumeLimit} times since the last ruling (it escalates). A verdict given by a
 * signal never escalates: the run is already waiting, and there is no edge from waiting to waiting.
 */
final class Consequences {
  private Consequences() {}

  /** The record to append and what to tell the coordinator. */
  record Step(WorkflowRunEvent event, Instruction instruction) {}

  /**
   * @param run the run with the verdict already recorded
   */
  static Step after(
      WorkflowDefinition definition,
      WorkflowRun run,
      CheckpointStatus verdict,
      Instant now,
      boolean bySignal) {
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    Optional<TransitionEdge> edge = stage.edgeFor(verdict);
    if (edge.isPresent()) {
      return route(definition, run, stage, verdict, edge.get(), now, bySignal);
    }
    StageProgress progress = run.progress(stage.id());
    if (verdict == CheckpointStatus.PASSED) {
      Optional<StageDefinition> next = definition.after(stage.id());
      if (next.isEmpty()) {
        return new Step(
            new WorkflowRunEvent.RunCompleted(now, stage.id()),
            Instructions.finished(run, bySignal));
      }
      return open(run, stage, next.get(), now, bySignal, null);
    }
    if (progress.attemptsUsed() >= stage.maxAttempts()) {
      return fail(
          run,
          FailureReason.ATTEMPTS_EXHAUSTED,
          stage.id(),
          "stage " + stage.id() + " used its " + stage.maxAttempts() + " attempts",
          now,
          bySignal);
    }
    int nextAttempt = progress.attemptsUsed() + 1;
    if (!bySignal
        && stage.autoResumeLimit() != null
        && progress.failuresSinceRuling() >= stage.autoResumeLimit()) {
      Instant deadline = now.plus(WorkflowLimits.WAIT_DEFAULT);
      String key = auditKey(stage.id(), nextAttempt);
      return new Step(
          new WorkflowRunEvent.Escalated(now, stage.id(), nextAttempt, key, deadline),
          Instructions.escalated(run, stage, key, deadline));
    }
    return new Step(
        new WorkflowRunEvent.AttemptRetried(now, stage.id(), nextAttempt),
        Instructions.retry(stage, verdict, nextAttempt, bySignal));
  }

  private static Step route(
      WorkflowDefinition definition,
      WorkflowRun run,
      StageDefinition stage,
      CheckpointStatus verdict,
      TransitionEdge edge,
      Instant now,
      boolean bySignal) {
    String exhausted = null;
    if (edge.maxTransitions() != null
        && run.edgeCount(stage.id(), verdict) >= edge.maxTransitions()) {
      exhausted =
          "edge " + stage.id() + " on " + verdict.wire() + " (" + edge.maxTransitions() + ")";
    } else if (stage.maxTransitions() != null
        && run.progress(stage.id()).transitionsOut() >= stage.maxTransitions()) {
      exhausted = "stage " + stage.id() + " (" + stage.maxTransitions() + ")";
    } else if (run.transitionsTaken() >= definition.maxTransitions()) {
      exhausted = "workflow " + definition.id() + " (" + definition.maxTransitions() + ")";
    }
    if (exhausted != null) {
      return fail(
          run,
          FailureReason.TRANSITION_BUDGET_EXHAUSTED,
          stage.id(),
          "the maxTransitions budget of " + exhausted + " is used up",
          now,
          bySignal);
    }
    return open(run, stage, definition.stage(edge.to()).orElseThrow(), now, bySignal, verdict);
  }

  /** Opens {@code target} as the next stage ({@code via} null) or through the {@code via} edge. */
  private static Step open(
      WorkflowRun run,
      StageDefinition from,
      StageDefinition target,
      Instant now,
      boolean bySignal,
      CheckpointStatus via) {
    int used = run.progress(target.id()).attemptsUsed();
    if (used >= target.maxAttempts()) {
      return fail(
          run,
          FailureReason.ATTEMPTS_EXHAUSTED,
          target.id(),
          "stage " + target.id() + " used its " + target.maxAttempts() + " attempts",
          now,
          bySignal);
    }
    WorkflowRunEvent event =
        via == null
            ? new WorkflowRunEvent.StageAdvanced(now, from.id(), target.id(), used + 1)
            : new WorkflowRunEvent.TransitionTaken(now, from.id(), via, target.id(), used + 1);
    return new Step(event, Instructions.opened(from, target, used + 1, via, bySignal));
  }

  static Step fail(
      WorkflowRun run,
      FailureReason reason,
      String stageId,
      String detail,
      Instant now,
      boolean bySignal) {
    return new Step(
        new WorkflowRunEvent.RunFailed(now, reason, stageId, detail),
        Instructions.failed(run, reason, detail, bySignal));
  }

  /** A signal key for an escalation: unique per stage attempt, within the key's length limit. */
  static String auditKey(String stageId, int attempt) {
    String key = "audit:" + attempt + ":" + stageId;
    return key.length() <= WorkflowLimits.SIGNAL_KEY_MAX
        ? key
        : key.substring(0, WorkflowLimits.SIGNAL_KEY_MAX);
  }
}
