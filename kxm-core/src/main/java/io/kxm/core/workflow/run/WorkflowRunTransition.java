package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.run.WorkflowRunStatus.COMPLETED;
import static io.kxm.core.workflow.run.WorkflowRunStatus.FAILED;
import static io.kxm.core.workflow.run.WorkflowRunStatus.RUNNING;
import static io.kxm.core.workflow.run.WorkflowRunStatus.WAITING;

import java.util.Arrays;
import java.util.List;

/**
 * The one table of moves a run may make: each constant is an edge of the run lifecycle with its
 * cause. Several causes share an edge ({@code running → running} is a retry, the next stage or a
 * declared route), and no edge exists outside this table: the fold refuses any history that takes
 * one.
 *
 * <pre>
 *   [*] → running                 START
 *   running → running             RETRY, NEXT_STAGE, ROUTE
 *   running → waiting             WAIT, ESCALATE
 *   waiting → running             RESUME
 *   running → completed           COMPLETE
 *   waiting → completed           COMPLETE_ON_SIGNAL
 *   running → failed              FAIL
 *   waiting → failed              FAIL_WHILE_WAITING
 * </pre>
 */
public enum WorkflowRunTransition {
  /** A signed webhook created the run. */
  START(null, RUNNING),
  /** A warning or failed checkpoint consumed an attempt; the stage runs again. */
  RETRY(RUNNING, RUNNING),
  /** A passed checkpoint opened the next stage. */
  NEXT_STAGE(RUNNING, RUNNING),
  /** A checkpoint outcome took a declared {@code on} edge, possibly back to an earlier stage. */
  ROUTE(RUNNING, RUNNING),
  /** The coordinator parked the stage on a signal key. */
  WAIT(RUNNING, WAITING),
  /** Too many failed attempts: the stage waits for an operator ruling. */
  ESCALATE(RUNNING, WAITING),
  /** A signed signal or ruling left work to do. */
  RESUME(WAITING, RUNNING),
  /** The last stage passed. */
  COMPLETE(RUNNING, COMPLETED),
  /** A signed signal passed the last stage. */
  COMPLETE_ON_SIGNAL(WAITING, COMPLETED),
  /**
   * Attempts or a transition budget ran out, the coordinator replied early, or the prompt expired.
   */
  FAIL(RUNNING, FAILED),
  /** The deadline passed, a signal used up the attempts, or the operator rejected the stage. */
  FAIL_WHILE_WAITING(WAITING, FAILED);

  private final WorkflowRunStatus from;
  private final WorkflowRunStatus to;

  WorkflowRunTransition(WorkflowRunStatus from, WorkflowRunStatus to) {
    this.from = from;
    this.to = to;
  }

  /** The state before; null for {@link #START}, which has none. */
  public WorkflowRunStatus source() {
    return from;
  }

  public WorkflowRunStatus target() {
    return to;
  }

  /** Every transition that may leave {@code status}; empty for the end states. */
  public static List<WorkflowRunTransition> from(WorkflowRunStatus status) {
    return Arrays.stream(values()).filter(t -> t.from == status).toList();
  }

  /** Whether the table holds an edge from {@code source} to {@code target}. */
  public static boolean allowed(WorkflowRunStatus source, WorkflowRunStatus target) {
    return Arrays.stream(values()).anyMatch(t -> t.from == source && t.to == target);
  }
}
