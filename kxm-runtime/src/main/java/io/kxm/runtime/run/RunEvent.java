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
}
