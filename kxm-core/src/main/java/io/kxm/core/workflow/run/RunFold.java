package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.run.RunEvent.AttemptRetried;
import io.kxm.core.workflow.run.RunEvent.CheckpointRecorded;
import io.kxm.core.workflow.run.RunEvent.Escalated;
import io.kxm.core.workflow.run.RunEvent.PromptSent;
import io.kxm.core.workflow.run.RunEvent.QuorumDegraded;
import io.kxm.core.workflow.run.RunEvent.RunCompleted;
import io.kxm.core.workflow.run.RunEvent.RunFailed;
import io.kxm.core.workflow.run.RunEvent.SignalReceived;
import io.kxm.core.workflow.run.RunEvent.StageAdvanced;
import io.kxm.core.workflow.run.RunEvent.Started;
import io.kxm.core.workflow.run.RunEvent.TransitionTaken;
import io.kxm.core.workflow.run.RunEvent.WaitStarted;
import java.util.List;

/**
 * Folds a run's history into its state. The fold is the lifecycle's guard: every record that moves
 * the run must take an edge of {@link RunTransition}, and every record must name the stage and
 * attempt the run is at. A history that breaks either is refused with {@link
 * IllegalStateException}, so a store never keeps one.
 */
public final class RunFold {
  private RunFold() {}

  /** The state after {@code history}, which starts with {@link Started}. */
  public static WorkflowRun fold(String runId, List<RunEvent> history) {
    if (history.isEmpty() || !(history.getFirst() instanceof Started)) {
      throw new IllegalStateException("the history of run " + runId + " must open with started");
    }
    RunState state = new RunState(runId);
    for (RunEvent event : history) {
      apply(state, event);
    }
    return state.snapshot();
  }

  /** The state after appending {@code more} to the history that gave {@code run}. */
  public static WorkflowRun apply(WorkflowRun run, List<RunEvent> more) {
    RunState state = RunState.of(run);
    for (RunEvent event : more) {
      apply(state, event);
    }
    return state.snapshot();
  }

  private static void apply(RunState s, RunEvent event) {
    s.next(event);
    switch (event) {
      case Started e -> {
        s.move(RunTransition.START);
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
        s.move(s.running() ? RunTransition.NEXT_STAGE : RunTransition.RESUME);
        s.open(e.toStage(), e.attempt());
      }
      case AttemptRetried e -> {
        if (s.waiting != null && s.waiting.reason() == WaitReason.AUDIT_ESCALATION) {
          s.requireAt(e.stageId(), s.currentAttempt); // a ruling resumes without a verdict
        } else {
          s.requireVerdict(e.stageId(), null);
        }
        s.move(s.running() ? RunTransition.RETRY : RunTransition.RESUME);
        s.retry(e.attempt());
      }
      case TransitionTaken e -> {
        s.requireVerdict(e.fromStage(), e.outcome());
        s.move(s.running() ? RunTransition.ROUTE : RunTransition.RESUME);
        s.countEdge(e.fromStage(), e.outcome());
        s.open(e.toStage(), e.attempt());
      }
      case WaitStarted e -> {
        s.requireAt(e.stageId(), e.attempt());
        s.move(RunTransition.WAIT);
        s.park(e);
      }
      case Escalated e -> {
        s.requireVerdict(e.stageId(), null);
        s.move(RunTransition.ESCALATE);
        s.escalate(e);
      }
      case SignalReceived e -> {
        if (s.status != RunStatus.WAITING) {
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
        s.move(s.running() ? RunTransition.COMPLETE : RunTransition.COMPLETE_ON_SIGNAL);
        s.finishedAt = e.at();
      }
      case RunFailed e -> {
        s.move(s.running() ? RunTransition.FAIL : RunTransition.FAIL_WHILE_WAITING);
        s.failure = new Failure(e.reason(), e.stageId(), e.detail(), e.at());
        s.finishedAt = e.at();
      }
    }
  }
}
