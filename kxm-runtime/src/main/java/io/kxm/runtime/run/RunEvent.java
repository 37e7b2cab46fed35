package io.kxm.runtime.run;

import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.Revisions;
import java.util.List;

/**
 * Every change a run can go through. The wire type ({@link #type()}) is stored beside the payload;
 * {@link EventCodec} maps between the two.
 */
public sealed interface RunEvent {

  /** The stable wire name, for example {@code run.created}. */
  String type();

  /**
   * The run exists; it starts {@code created}. Only the prompt's hash is kept here. {@code config}
   * is null in runs recorded before runs pinned a commit; they read the working tree.
   */
  record RunCreated(String workflowId, String promptSha256, Revisions revisions, ConfigPin config)
      implements RunEvent {
    public String type() {
      return "run.created";
    }
  }

  /** The run moved to another state, with why when there is a reason worth keeping. */
  record RunMoved(RunStatus to, String reason) implements RunEvent {
    public String type() {
      return "run.moved";
    }
  }

  /** The compiled plan is pinned: its hash and its steps in order. */
  record PlanPinned(String planSha256, List<PlannedStep> steps) implements RunEvent {
    public PlanPinned {
      steps = List.copyOf(steps);
    }

    public String type() {
      return "run.plan_pinned";
    }
  }

  record PlannedStep(String stepId, String stepType) {}

  record StepMoved(String stepId, StepStatus to, String detail) implements RunEvent {
    public String type() {
      return "step.moved";
    }
  }

  record AssignmentMoved(String assignmentId, String stepId, String agentId, AssignmentStatus to)
      implements RunEvent {
    public String type() {
      return "assignment.moved";
    }
  }

  /**
   * An attempt changed state. On {@code created} it carries the SHA-256 of its capability secret;
   * on {@code terminal}, its result class.
   */
  record AttemptMoved(
      String attemptId,
      String assignmentId,
      String stepId,
      AttemptStatus to,
      AttemptResult result,
      String capabilitySha256,
      String detail)
      implements RunEvent {
    public String type() {
      return "attempt.moved";
    }
  }

  /** An agent's answer, kept so that an aggregator (and a restarted drive) can read it. */
  record AnswerRecorded(
      String stepId, String assignmentId, String attemptId, String agentId, String text)
      implements RunEvent {
    public String type() {
      return "answer.recorded";
    }
  }

  /** An approval or a wait asks someone for an answer; the run parks until it comes. */
  record InteractionOpened(
      String interactionId, String stepId, String kind, String question, String targetAgent)
      implements RunEvent {
    public String type() {
      return "interaction.opened";
    }
  }

  record InteractionResolved(String interactionId, boolean approved, String answer, String by)
      implements RunEvent {
    public String type() {
      return "interaction.resolved";
    }
  }

  /**
   * A gate command's observed end. The evidence row it names lives in {@code gate_evidence}; the
   * row's hash here is what ties the two together.
   *
   * @param outcome {@code exited}, {@code timed_out}, {@code start_failed} or {@code cancelled}
   */
  record GateObserved(
      String stepId,
      String attemptId,
      String gateId,
      String observationId,
      String outcome,
      Integer exitCode,
      String evidenceSha256)
      implements RunEvent {
    public String type() {
      return "gate.observed";
    }
  }

  /**
   * A drive checked the project memory before dispatching agents: whether they receive the brief,
   * and when not, why (the gap). Changes no state; it is the run's record of what agents were told.
   *
   * @param memoryRevision the memory revision the run pinned at creation
   * @param reason null when included; otherwise a word, a colon and the detail
   */
  record MemoryBriefed(String memoryRevision, boolean included, String reason) implements RunEvent {
    public String type() {
      return "memory.briefed";
    }
  }

  /**
   * What one attempt of a live producer used, recorded as it settles: tokens as its harness
   * reported them and their price from {@code .kxm/prices.yaml}.
   *
   * @param usageSource {@code final}, {@code summed} or {@code unavailable}
   * @param spendUsd the amount in US dollars as a decimal string; null when unknown
   * @param spendUnknownBecause why the amount is unknown; null when it is known
   */
  record AttemptSpent(
      String attemptId,
      String stepId,
      String agentId,
      String harness,
      String model,
      long inputTokens,
      long outputTokens,
      long cacheReadTokens,
      long cacheWriteTokens,
      long reasoningTokens,
      String usageSource,
      String spendUsd,
      String spendUnknownBecause)
      implements RunEvent {
    public String type() {
      return "attempt.spent";
    }
  }

  /**
   * The run's own Git worktree exists: steps that write work there, on {@code branch}, starting
   * from {@code baseCommit}, and later gates run there.
   */
  record WorktreeOpened(String path, String branch, String baseCommit) implements RunEvent {
    public String type() {
      return "worktree.opened";
    }
  }

  /**
   * A writing step ended: everything in the worktree that differs from the base commit, committed
   * on the run's branch as {@code headCommit} and kept as a patch file in the run's artifacts.
   *
   * @param patchFile the patch's path relative to the project's runtime folder
   * @param headCommit the branch's commit after the step; the base when nothing changed
   */
  record WorktreeDiffed(
      String stepId,
      String attemptId,
      String patchSha256,
      long patchBytes,
      int files,
      long insertions,
      long deletions,
      String patchFile,
      String headCommit)
      implements RunEvent {
    public String type() {
      return "worktree.diffed";
    }
  }

  /** The worktree's folder is gone; its branch and patches stay. */
  record WorktreeRemoved(String path, String reason) implements RunEvent {
    public String type() {
      return "worktree.removed";
    }
  }

  /**
   * A fenced lease on a shared resource of the workflow, held on the bound hub by the project's
   * runtime agent for one step: taken before the step, renewed while it runs, released at its end,
   * or lost when the hub refused a renewal.
   *
   * @param fencingToken the hub's token for this holder; it grows with every new holder
   * @param expiresAt the lease's deadline by the hub's clock; null when lost or released
   * @param detail why a lease was lost (the hub's code and message); null otherwise
   */
  record LeaseMoved(
      String stepId,
      String resource,
      LeaseStatus to,
      long fencingToken,
      String expiresAt,
      String detail)
      implements RunEvent {
    public String type() {
      return "lease.moved";
    }
  }
}
