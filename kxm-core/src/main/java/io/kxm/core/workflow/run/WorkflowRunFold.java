package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.run.WorkflowRunEvent.AttemptRetried;
import io.kxm.core.workflow.run.WorkflowRunEvent.CheckpointRecorded;
import io.kxm.core.workflow.run.WorkflowRunEvent.Escalated;
import io.kxm.core.workflow.run.WorkflowRunEvent.PromptSent;
import io.kxm.core.workflow.run.WorkflowRunEvent.QuorumDegraded;
import io.kxm.core.workflow.run.WorkflowRunEvent.RunCompleted;
import io.kxm.core.workflow.run.WorkflowRunEvent.RunFailed;
import io.kxm.core.workflow.run.WorkflowRunEvent.SignalReceived;
import io.kxm.core.workflow.run.WorkflowRunEvent.StageAdvanced;
import io.kxm.core.workflow.run.WorkflowRunEvent.Started;
import io.kxm.core.workflow.run.WorkflowRunEvent.TransitionTaken;
import io.kxm.core.workflow.run.WorkflowRunEvent.WaitStarted;
import java.util.List;

/**
 * Folds a run's history into its state. The fold is the lifecycle's guard: every record that moves
 * the run must take an edge of {@link WorkflowRunTransition}, and every record must name the stage
 * and attempt the run is at. A history that breaks either is refused with {@link
 * IllegalStateException}, so a store never keeps one.
 */
public final class WorkflowRunFold {
  private WorkflowRunFold() {}

  /** The state after {@code history}, which starts with {@link Started}. */
  public static WorkflowRun fold(String runId, List<WorkflowRunEvent> history) {
    if (history.isEmpty() || !(history.getFirst() instanceof Started)) {
      throw new IllegalStateException("the history of run " + runId + " must open with started");
    }
    WorkflowRunState state = new WorkflowRunState(runId);
    for (WorkflowRunEvent event : history) {
      apply(state, event);
    }
    return state.snapshot();
  }

  /** The state after appending {@code more} to the history that gave {@code run}. */
  public static WorkflowRun apply(WorkflowRun run, List<WorkflowRunEvent> more) {
    WorkflowRunState state = WorkflowRunState.of(run);
    for (WorkflowRunEvent event : more) {
      apply(state, event);
    }
    return state.snapshot();
  }

  private static void apply(WorkflowRunState s, WorkflowRunEvent event) {
    s.next(event);
    switch (event) {
      case Started e -> {
        s.move(WorkflowRunTransition.START);
        s.start(e);
        s.open(e.firstStage(), 1);
      }
      case PromptSent e -> {
        s.requireOpen();
        s.requireAt(e.stageId(), e.attempt());
        s.promptMessageId = e.messageId();
      }
      case CheckpointRecorded e -> {
        s.requireOpen();
        s.requireAt(e.stageId(), e.attempt());
        s.record(e);
      }
      case StageAdvanced e -> {
        s.requireVerdict(e.fromStage(), CheckpointStatus.PASSED);
        s.move(s.running() ? WorkflowRunTransition.NEXT_STAGE : WorkflowRunTransition.RESUME);
        s.open(e.toStage(), e.attempt());
      }
      case AttemptRetried e -> {
        if (s.waiting != null && s.waiting.reason() == WaitReason.AUDIT_ESCALATION) {
          s.requireAt(e.stageId(), s.currentAttempt); // a ruling resumes without a verdict
        } else {
          s.requireVerdict(e.stageId(), null);
        }
        s.move(s.running() ? WorkflowRunTransition.RETRY : WorkflowRunTransition.RESUME);
        s.retry(e.attempt());
      }
      case TransitionTaken e -> {
        s.requireVerdict(e.fromStage(), e.outcome());
        s.move(s.running() ? WorkflowRunTransition.ROUTE : WorkflowRunTransition.RESUME);
        s.countEdge(e.fromStage(), e.outcome());
        s.open(e.toStage(), e.attempt());
      }
      case WaitStarted e -> {
        s.requireAt(e.stageId(), e.attempt());
        s.move(WorkflowRunTransition.WAIT);
        s.park(e);
      }
      case Escalated e -> {
        s.requireVerdict(e.stageId(), null);
        s.move(WorkflowRunTransition.ESCALATE);
        s.escalate(e);
      }
      case SignalReceived e -> {
        if (s.status != WorkflowRunStatus.WAITING) {
          throw s.broken("a signal needs a waiting run, not " + s.status.wire());
        }
        s.signalDeliveries.put(e.deliveryId(), e.bodySha256());
      }
      case QuorumDegraded e -> {
        s.requireOpen();
        s.requireAt(e.stageId(), e.attempt());
        s.degradations.add(e);
      }
      case RunCompleted e -> {
        s.requireVerdict(e.stageId(), CheckpointStatus.PASSED);
        s.move(
            s.running()
                ? WorkflowRunTransition.COMPLETE
                : WorkflowRunTransition.COMPLETE_ON_SIGNAL);
        s.finishedAt = e.at();
      }
      case RunFailed e -> {
        s.move(s.running() ? WorkflowRunTransition.FAIL : WorkflowRunTransition.FAIL_WHILE_WAITING);
        s.failure = new Failure(e.reason(), e.stageId(), e.detail(), e.at());
        s.finishedAt = e.at();
      }
    }
  }
}
