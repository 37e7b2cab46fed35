package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.WorkflowRefusal;
import java.util.Map;
import java.util.Optional;

/** The refusals every coordinator command shares, checked in the same order everywhere. */
public final class WorkflowRunGuards {
  private WorkflowRunGuards() {}

  /** No stored run has this ID: never created, a Runtime run, or purged after retention. */
  public static WorkflowRefusal notFound(String runId) {
    return WorkflowRefusal.of(
        ErrorCode.WORKFLOW_NOT_FOUND, "no webhook workflow run " + runId + " on this hub");
  }

  /** Only the run's coordinator may read or act on it; the refusal names who may. */
  public static Optional<WorkflowRefusal> coordinator(WorkflowRun run, String caller) {
    if (caller != null && caller.equalsIgnoreCase(run.coordinator())) {
      return Optional.empty();
    }
    return Optional.of(
        new WorkflowRefusal(
            ErrorCode.WORKFLOW_FORBIDDEN,
            "run "
                + run.id()
                + " is assigned to coordinator '"
                + run.coordinator()
                + "', not to '"
                + caller
                + "'",
            Map.of("coordinator", run.coordinator())));
  }

  static Optional<WorkflowRefusal> open(WorkflowRun run) {
    if (!run.isTerminal()) {
      return Optional.empty();
    }
    return Optional.of(
        WorkflowRefusal.of(
            ErrorCode.WORKFLOW_TERMINAL,
            "run " + run.id() + " already ended " + run.status().wire()));
  }

  static Optional<WorkflowRefusal> running(WorkflowRun run) {
    if (run.status() == WorkflowRunStatus.RUNNING) {
      return Optional.empty();
    }
    return Optional.of(
        WorkflowRefusal.of(
            ErrorCode.WORKFLOW_NOT_RUNNING,
            "run "
                + run.id()
                + " is waiting for signal '"
                + run.waiting().signalKey()
                + "' at stage "
                + run.currentStage()));
  }

  static Optional<WorkflowRefusal> atStage(WorkflowRun run, String stageId) {
    if (run.currentStage().equals(stageId)) {
      return Optional.empty();
    }
    return Optional.of(
        new WorkflowRefusal(
            ErrorCode.WORKFLOW_STAGE_OUT_OF_ORDER,
            "run "
                + run.id()
                + " is at stage "
                + run.currentStage()
                + " attempt "
                + run.currentAttempt()
                + ", not at "
                + stageId,
            Map.of("currentStage", run.currentStage(), "attempt", run.currentAttempt())));
  }

  /** The first refusal among {@code checks}, in order. */
  @SafeVarargs
  static Optional<WorkflowRefusal> first(
      java.util.function.Supplier<Optional<WorkflowRefusal>>... checks) {
    for (var check : checks) {
      Optional<WorkflowRefusal> refusal = check.get();
      if (refusal.isPresent()) {
        return refusal;
      }
    }
    return Optional.empty();
  }
}
