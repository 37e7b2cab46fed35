package io.kxm.runtime.project;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.drive.CompiledPlan;
import io.kxm.runtime.run.RunState;
import java.util.ArrayList;
import java.util.List;

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

  /**
   * Refuses a run whose instructions changed since it was created: only a dirty or an unpinned run
   * can drift, since a committed one reads its commit again. Memory may move after the pin without
   * refusing the run: dispatch then leaves it out and records the gap (DispatchMemory), since the
   * run's own instructions are unchanged.
   */
  static void refuseDrift(ProjectConfig config, RunState s) {
    Revisions now = config.revisions(s.config());
    Revisions pinned = s.revisions();
    List<String> parts = new ArrayList<>();
    if (!now.bundle().equals(pinned.bundle())) {
      parts.add("bundle");
    }
    if (!now.executorPolicy().equals(pinned.executorPolicy())) {
      parts.add("executorPolicy");
    }
    if (!now.toolPolicy().equals(pinned.toolPolicy())) {
      parts.add("toolPolicy");
    }
    if (parts.isEmpty()) {
      return;
    }
    List<String> files = config.changedSince(s.config());
    throw new KxmException(
        ErrorCode.RUN_REVISION_DRIFT,
        "run "
            + s.runId()
            + " was created from another .kxm/: "
            + (files.isEmpty()
                ? "its " + String.join(", ", parts) + " revision changed"
                : "changed since: " + String.join(", ", files)));
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
