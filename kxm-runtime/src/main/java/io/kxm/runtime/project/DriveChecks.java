package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.drive.CompiledPlan;
import io.kxm.runtime.run.RunState;

/** What a drive checks before it changes anything, so that a refused drive records nothing. */
final class DriveChecks {
  private DriveChecks() {}

  static void refuseUndrivable(RunState s) {
    switch (s.status()) {
      case COMPLETED, FAILED, CANCELLED -> throw ProjectRuntime.terminal(s);
      case QUEUED ->
          throw new KxmException(
              ErrorCode.RUN_QUEUED, "run " + s.runId() + " waits for a free run slot");
      case BLOCKED_UNCERTAIN ->
          throw new KxmException(
              ErrorCode.RUN_BLOCKED_UNCERTAIN, "run " + s.runId() + " is blocked: " + s.reason());
      case WAITING -> {
        if (s.pendingInteraction().isPresent()) {
          throw new KxmException(
              ErrorCode.RUN_AWAITING_INTERACTION,
              "run "
                  + s.runId()
                  + " waits for an answer to interaction "
                  + s.pendingInteraction().get().interactionId());
        }
      }
      case CREATED, PREPARING, RUNNING, RETRY_PENDING, CANCELLING -> {}
    }
  }

  static CompiledPlan compileCurrent(ProjectBundle bundle, RunState s) {
    ProjectBundle.Workflow workflow =
        bundle
            .workflow(s.workflowId())
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUN_REVISION_DRIFT,
                    "workflow " + s.workflowId() + " of run " + s.runId() + " is gone"));
    return CompiledPlan.compile(bundle, workflow);
  }
}
