package io.kxm.core.workflow.run;

import java.time.Instant;
import java.util.List;

/**
 * Decides what the coordinator's prompt and the clock do to a run: an early reply or an expired
 * prompt fails a running run; a reply while waiting is expected and changes nothing; a passed
 * deadline fails a waiting run. Only the current prompt counts: an older, answered prompt is no
 * longer the run's concern.
 */
public final class CoordinatorEvents {
  private CoordinatorEvents() {}

  /** The coordinator replied to message {@code messageId}. */
  public static Decision replied(WorkflowRun run, String messageId, Instant now) {
    if (!messageId.equals(run.promptMessageId()) || run.isTerminal()) {
      return new Decision.Unchanged(run, messageId + " is not an open prompt of run " + run.id());
    }
    if (run.status() == WorkflowRunStatus.WAITING) {
      return new Decision.Unchanged(run, "a reply while waiting settles the coordinator's turn");
    }
    return fail(
        run,
        FailureReason.COORDINATOR_REPLIED_EARLY,
        "the coordinator replied to its prompt while stage "
            + run.currentStage()
            + " was still running",
        now);
  }

  /** Message {@code messageId} expired unanswered. */
  public static Decision promptExpired(WorkflowRun run, String messageId, Instant now) {
    if (!messageId.equals(run.promptMessageId()) || run.status() != WorkflowRunStatus.RUNNING) {
      return new Decision.Unchanged(run, messageId + " is not the running prompt of " + run.id());
    }
    return fail(
        run,
        FailureReason.PROMPT_EXPIRED,
        "the coordinator's prompt " + messageId + " expired at stage " + run.currentStage(),
        now);
  }

  /** Fails a waiting run whose deadline is not after {@code now}. */
  public static Decision deadline(WorkflowRun run, Instant now) {
    if (run.status() != WorkflowRunStatus.WAITING || now.isBefore(run.waiting().deadline())) {
      return new Decision.Unchanged(run, "run " + run.id() + " has no passed deadline");
    }
    return fail(
        run,
        FailureReason.DEADLINE_PASSED,
        "no signal '"
            + run.waiting().signalKey()
            + "' arrived before "
            + run.waiting().deadline()
            + " at stage "
            + run.currentStage(),
        now);
  }

  private static Decision fail(WorkflowRun run, FailureReason reason, String detail, Instant now) {
    Consequences.Step step = Consequences.fail(run, reason, run.currentStage(), detail, now, true);
    return new Decision.Applied(
        WorkflowRunFold.apply(run, List.of(step.event())),
        List.of(step.event()),
        step.instruction());
  }
}
