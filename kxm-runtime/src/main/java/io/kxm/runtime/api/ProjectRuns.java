package io.kxm.runtime.api;

import io.kxm.core.retention.Purge;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One project's runtime runs, as the supervisor's HTTP API and the CLI use them. Every method
 * records its change as events in the project's event store before it returns; a refusal throws
 * {@link io.kxm.core.error.KxmException} with a stable code and changes nothing.
 */
public interface ProjectRuns {

  /**
   * Validates the project's committed {@code .kxm/}, records the run as {@code created} (or queued
   * behind {@code limits.maxConcurrentRuns}) and pins the commit and revisions it starts from.
   *
   * @param workflowId the id of a workflow under {@code .kxm/workflows/}
   * @param prompt the run's prompt; kept whole only in the 0600 sidecar, hashed in the store
   * @param allowDirty run the working tree when it differs from the commit, recording that it did;
   *     without it such a tree is refused with {@code config_uncommitted}
   */
  RunSummary create(String workflowId, String prompt, boolean allowDirty);

  /** Creates a run of the committed {@code .kxm/}, refusing a working tree that differs. */
  default RunSummary create(String workflowId, String prompt) {
    return create(workflowId, prompt, false);
  }

  /**
   * Drives the run until it stops: finished, parked on an interaction ({@code waiting}), blocked on
   * an unproven gate, or handed off. Every drive ends with a signed receipt.
   *
   * @param simulated answer agent steps with the model-free producer; gates still run
   */
  DriveResult drive(String runId, boolean simulated);

  RunDetail status(String runId);

  List<RunSummary> list();

  /** The last receipt of the run, empty before its first drive ended. */
  Optional<Receipt> receipt(String runId);

  /** Recomputes the hash chain and checks the last receipt's signature. */
  Verification verify(String runId);

  /**
   * Cancels the run: open attempts drain through {@code cancelling}, child processes are killed.
   */
  RunDetail cancel(String runId);

  /** Answers a pending approval or wait interaction; a parked run becomes drivable again. */
  RunDetail resolve(String runId, String interactionId, Resolution resolution);

  /** Resolves {@code blocked_uncertain} with retry, unblock, fail or cancel. */
  RunDetail recover(String runId, RecoveryAction action, String reason);

  /**
   * Removes the Git worktree of a finished run; its branch {@code kxm/<runId>} and its patches
   * stay. A run without a worktree, or whose worktree is gone already, is left as it is.
   *
   * @throws io.kxm.core.error.KxmException {@code run_not_finished} while the run can still move
   */
  RunDetail clean(String runId);

  /**
   * Called once when the supervisor starts: attempts that were executing when it stopped are
   * settled deterministically, so no run is left {@code running}.
   *
   * @return the runs that changed
   */
  List<RunSummary> reconcile();

  /**
   * The retention purge of this project's finished runs past {@code retention}: their worktrees,
   * then their events, outbox rows, prompts and heads. A project that keeps nothing purges nothing.
   */
  default Purge retention(Duration retention) {
    return (now, dryRun) -> List.of();
  }
}
