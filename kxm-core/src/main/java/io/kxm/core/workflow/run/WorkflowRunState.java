package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The fold's working state; mutable, confined to one fold, frozen by {@link #snapshot}. */
final class WorkflowRunState {
  final String runId;
  WorkflowRunStatus status;
  WorkflowRunEvent.Started started;
  String currentStage;
  int currentAttempt;
  final Map<String, StageProgress> stages = new LinkedHashMap<>();
  int transitionsTaken;
  final Map<String, Integer> edges = new LinkedHashMap<>();
  Waiting waiting;
  Failure failure;
  String promptMessageId;
  final List<WorkflowRunEvent.QuorumDegraded> degradations = new ArrayList<>();
  final Map<String, String> signalDeliveries = new LinkedHashMap<>();
  final List<WorkflowRunTransition> path = new ArrayList<>();
  Instant updatedAt;
  Instant finishedAt;
  int version;
  private WorkflowRunEvent current;

  WorkflowRunState(String runId) {
    this.runId = runId;
  }

  static WorkflowRunState of(WorkflowRun run) {
    WorkflowRunState s = new WorkflowRunState(run.id());
    s.status = run.status();
    s.started =
        new WorkflowRunEvent.Started(
            run.createdAt(),
            run.project(),
            run.workflowId(),
            run.coordinator(),
            run.deliveryId(),
            run.definitionHash(),
            run.payloadHash(),
            run.stages().keySet().iterator().next());
    s.currentStage = run.currentStage();
    s.currentAttempt = run.currentAttempt();
    s.stages.putAll(run.stages());
    s.transitionsTaken = run.transitionsTaken();
    s.edges.putAll(run.edgeTransitions());
    s.waiting = run.waiting();
    s.failure = run.failure();
    s.promptMessageId = run.promptMessageId();
    s.degradations.addAll(run.degradations());
    s.signalDeliveries.putAll(run.signalDeliveries());
    s.path.addAll(run.path());
    s.updatedAt = run.updatedAt();
    s.finishedAt = run.finishedAt();
    s.version = run.version();
    return s;
  }

  void next(WorkflowRunEvent event) {
    if (event instanceof WorkflowRunEvent.Started && status != null) {
      throw broken("a run starts once");
    }
    if (!(event instanceof WorkflowRunEvent.Started) && status == null) {
      throw broken("the run has not started");
    }
    current = event;
    version++;
    updatedAt = event.at();
  }

  void start(WorkflowRunEvent.Started e) {
    started = e;
  }

  boolean running() {
    return status == WorkflowRunStatus.RUNNING;
  }

  void move(WorkflowRunTransition transition) {
    if (transition.source() != status) {
      throw broken(
          "no edge "
              + transition
              + " from "
              + (status == null ? "[*]" : status.wire())
              + " in the run lifecycle");
    }
    if (status == WorkflowRunStatus.WAITING) {
      if (waiting.reason() == WaitReason.AUDIT_ESCALATION) {
        // an operator ruled: the stage gets its full allowance of automatic retries again
        stages.put(waiting.stageId(), progress(waiting.stageId()).ruled());
      }
      waiting = null;
    }
    status = transition.target();
    path.add(transition);
  }

  void requireOpen() {
    if (status.isTerminal()) {
      throw broken("the run already ended " + status.wire());
    }
  }

  /** The record names the stage and attempt the run is at. */
  void requireAt(String stageId, int attempt) {
    if (!stageId.equals(currentStage) || attempt != currentAttempt) {
      throw broken(
          "names "
              + stageId
              + " attempt "
              + attempt
              + " but the run is at "
              + currentStage
              + " attempt "
              + currentAttempt);
    }
  }

  /**
   * The current attempt of {@code stageId} has a verdict, {@code status} if given, or a failing one
   * when null.
   */
  void requireVerdict(String stageId, CheckpointStatus verdict) {
    requireAt(stageId, currentAttempt);
    StageProgress p = progress(stageId);
    List<WorkflowRunEvent.CheckpointRecorded> checkpoints = p.checkpoints();
    WorkflowRunEvent.CheckpointRecorded last = checkpoints.isEmpty() ? null : checkpoints.getLast();
    boolean matches =
        last != null
            && last.attempt() == currentAttempt
            && (verdict == null
                ? last.status() != CheckpointStatus.PASSED
                : last.status() == verdict);
    if (!matches) {
      throw broken("needs a " + (verdict == null ? "failing" : verdict.wire()) + " verdict first");
    }
  }

  void open(String stageId, int attempt) {
    StageProgress p = progress(stageId);
    if (attempt != p.attemptsUsed() + 1) {
      throw broken("opens " + stageId + " at attempt " + attempt + " after " + p.attemptsUsed());
    }
    stages.put(stageId, p.opened());
    currentStage = stageId;
    currentAttempt = attempt;
  }

  void retry(int attempt) {
    if (attempt != progress(currentStage).attemptsUsed() + 1) {
      throw broken("retries " + currentStage + " as attempt " + attempt);
    }
    currentAttempt = attempt;
  }

  void record(WorkflowRunEvent.CheckpointRecorded e) {
    StageProgress p = progress(e.stageId());
    if (p.attemptsUsed() != e.attempt() - 1) {
      throw broken("attempt " + e.attempt() + " of " + e.stageId() + " already has a verdict");
    }
    stages.put(p.stageId(), p.judged(e));
  }

  void countEdge(String stageId, CheckpointStatus outcome) {
    transitionsTaken++;
    edges.merge(WorkflowRun.edgeKey(stageId, outcome), 1, Integer::sum);
    stages.put(stageId, progress(stageId).routedOut());
  }

  void park(WorkflowRunEvent.WaitStarted e) {
    waiting =
        new Waiting(
            WaitReason.SIGNAL,
            e.stageId(),
            e.attempt(),
            e.signalKey(),
            e.at(),
            e.deadline(),
            e.summary(),
            e.evidence(),
            e.peerEvidence());
  }

  void escalate(WorkflowRunEvent.Escalated e) {
    if (e.attempt() != progress(currentStage).attemptsUsed() + 1) {
      throw broken("escalates " + currentStage + " for attempt " + e.attempt());
    }
    currentAttempt = e.attempt();
    waiting =
        new Waiting(
            WaitReason.AUDIT_ESCALATION,
            e.stageId(),
            e.attempt(),
            e.signalKey(),
            e.at(),
            e.deadline(),
            "",
            Map.of(),
            List.of());
  }

  StageProgress progress(String stageId) {
    StageProgress p = stages.get(stageId);
    return p == null ? StageProgress.fresh(stageId) : p;
  }

  IllegalStateException broken(String why) {
    String what = current == null ? "" : " record #" + version + " (" + name(current) + ")";
    return new IllegalStateException("run " + runId + what + ": " + why);
  }

  private static String name(WorkflowRunEvent event) {
    return event.getClass().getSimpleName();
  }

  WorkflowRun snapshot() {
    return new WorkflowRun(
        runId,
        started.project(),
        started.workflowId(),
        started.coordinator(),
        started.deliveryId(),
        started.definitionHash(),
        started.payloadHash(),
        status,
        currentStage,
        currentAttempt,
        Collections.unmodifiableMap(new LinkedHashMap<>(stages)),
        transitionsTaken,
        Collections.unmodifiableMap(new LinkedHashMap<>(edges)),
        waiting,
        failure,
        promptMessageId,
        List.copyOf(degradations),
        Collections.unmodifiableMap(new LinkedHashMap<>(signalDeliveries)),
        List.copyOf(path),
        started.at(),
        updatedAt,
        finishedAt,
        version);
  }
}
