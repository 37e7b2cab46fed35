package io.kxm.runtime.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a run's events into its state. Each event is checked against the transition table of the
 * object it changes; an event the tables do not allow is refused, whether it comes from a drive
 * about to append it or from a log read back from disk.
 */
public final class RunFold {
  private RunState state;

  private RunFold() {}

  public static RunState fold(List<StoredEvent> events) {
    RunFold fold = new RunFold();
    for (StoredEvent e : events) {
      fold.apply(e);
    }
    if (fold.state == null) {
      throw new KxmException(ErrorCode.RUN_STATE_DIVERGED, "a run has no events");
    }
    return fold.state;
  }

  /** The state after {@code next}, which must follow {@code current} (null before the first). */
  public static RunState apply(RunState current, StoredEvent next) {
    RunFold fold = new RunFold();
    fold.state = current;
    fold.apply(next);
    return fold.state;
  }

  private void apply(StoredEvent e) {
    long expected = state == null ? 1 : state.lastSequence() + 1;
    if (e.sequence() != expected) {
      throw refused(e, "expected sequence " + expected);
    }
    RunEvent event = e.event();
    if (state == null) {
      if (!(event instanceof RunEvent.RunCreated created)) {
        throw refused(e, "a run's first event must be run.created");
      }
      state =
          new RunState(
              e.runId(),
              created.workflowId(),
              created.promptSha256(),
              created.revisions(),
              created.config(),
              RunStatus.CREATED,
              null,
              null,
              List.of(),
              Map.of(),
              Map.of(),
              Map.of(),
              Map.of(),
              Map.of(),
              List.of(),
              null,
              Map.of(),
              e.at(),
              e.at(),
              e.sequence(),
              e.hash());
      return;
    }
    Draft d = new Draft(state);
    switch (event) {
      case RunEvent.RunCreated c -> throw refused(e, "the run already exists");
      case RunEvent.RunMoved m -> {
        RunStatus.TABLE.require(d.status, m.to(), e.runId());
        d.status = m.to();
        d.reason = m.reason();
      }
      case RunEvent.PlanPinned p -> {
        if (d.status != RunStatus.PREPARING || d.planSha256 != null) {
          throw refused(e, "a plan is pinned once, while the run is preparing");
        }
        d.planSha256 = p.planSha256();
        d.plan = p.steps();
        for (RunEvent.PlannedStep s : p.steps()) {
          if (d.steps.put(
                  s.stepId(),
                  new RunState.Step(s.stepId(), s.stepType(), StepStatus.PENDING, null, 0))
              != null) {
            throw refused(e, "step " + s.stepId() + " appears twice in the plan");
          }
        }
      }
      case RunEvent.StepMoved m -> {
        RunState.Step step = d.steps.get(m.stepId());
        if (step == null) {
          throw refused(e, "step " + m.stepId() + " is not in the plan");
        }
        StepStatus.TABLE.require(step.status(), m.to(), m.stepId());
        d.steps.put(
            m.stepId(),
            new RunState.Step(step.stepId(), step.type(), m.to(), m.detail(), step.attempts()));
      }
      case RunEvent.AssignmentMoved m -> {
        RunState.Assignment a = d.assignments.get(m.assignmentId());
        if (a == null) {
          if (m.to() != AssignmentStatus.CREATED || !d.steps.containsKey(m.stepId())) {
            throw refused(e, "assignment " + m.assignmentId() + " must start created on a step");
          }
          d.assignments.put(
              m.assignmentId(),
              new RunState.Assignment(m.assignmentId(), m.stepId(), m.agentId(), m.to(), null));
        } else {
          AssignmentStatus.TABLE.require(a.status(), m.to(), m.assignmentId());
          d.assignments.put(
              m.assignmentId(),
              new RunState.Assignment(
                  a.assignmentId(), a.stepId(), a.agentId(), m.to(), a.answer()));
        }
      }
      case RunEvent.AttemptMoved m -> applyAttempt(d, e, m);
      case RunEvent.AnswerRecorded r -> {
        RunState.Assignment a = d.assignments.get(r.assignmentId());
        if (a == null || !d.attempts.containsKey(r.attemptId())) {
          throw refused(e, "an answer needs its assignment and attempt");
        }
        d.assignments.put(
            a.assignmentId(),
            new RunState.Assignment(
                a.assignmentId(), a.stepId(), a.agentId(), a.status(), r.text()));
      }
      case RunEvent.InteractionOpened o -> {
        if (d.interactions.containsKey(o.interactionId()) || !d.steps.containsKey(o.stepId())) {
          throw refused(e, "interaction " + o.interactionId() + " is new and belongs to a step");
        }
        d.interactions.put(
            o.interactionId(),
            new RunState.Interaction(
                o.interactionId(),
                o.stepId(),
                o.kind(),
                o.question(),
                o.targetAgent(),
                false,
                false,
                null,
                null));
      }
      case RunEvent.InteractionResolved r -> {
        RunState.Interaction i = d.interactions.get(r.interactionId());
        if (i == null || i.resolved()) {
          throw refused(e, "interaction " + r.interactionId() + " is not pending");
        }
        d.interactions.put(
            i.interactionId(),
            new RunState.Interaction(
                i.interactionId(),
                i.stepId(),
                i.kind(),
                i.question(),
                i.targetAgent(),
                true,
                r.approved(),
                r.answer(),
                r.by()));
      }
      case RunEvent.GateObserved g -> {
        if (!d.attempts.containsKey(g.attemptId())
            || d.gateEvidence.containsKey(g.observationId())) {
          throw refused(e, "gate observation " + g.observationId() + " needs a known attempt");
        }
        d.gateEvidence.put(g.observationId(), g.evidenceSha256());
      }
      case RunEvent.MemoryBriefed b -> {
        if (d.status != RunStatus.RUNNING) {
          throw refused(e, "memory is briefed only while the run is running");
        }
      }
      case RunEvent.AttemptSpent sp -> {
        if (!d.attempts.containsKey(sp.attemptId())) {
          throw refused(e, "spend needs a known attempt, not " + sp.attemptId());
        }
        d.spent.add(sp);
      }
      case RunEvent.WorktreeOpened o -> {
        if (d.work != null || d.status != RunStatus.RUNNING) {
          throw refused(e, "a run opens one worktree, while it is running");
        }
        d.work = new RunState.Work(o.path(), o.branch(), o.baseCommit(), null, false);
      }
      case RunEvent.WorktreeDiffed diff -> {
        if (d.work == null || d.work.removed() || !d.attempts.containsKey(diff.attemptId())) {
          throw refused(e, "a diff needs the run's open worktree and a known attempt");
        }
        d.work =
            new RunState.Work(d.work.path(), d.work.branch(), d.work.baseCommit(), diff, false);
      }
      case RunEvent.WorktreeRemoved r -> {
        if (d.work == null || d.work.removed()) {
          throw refused(e, "there is no open worktree to remove");
        }
        d.work =
            new RunState.Work(
                d.work.path(), d.work.branch(), d.work.baseCommit(), d.work.lastDiff(), true);
      }
      case RunEvent.LeaseMoved l -> {
        if (!d.steps.containsKey(l.stepId())) {
          throw refused(e, "a lease belongs to a step of the plan, not " + l.stepId());
        }
        LeaseStatus from = d.leases.get(l.resource());
        if (from == null) {
          if (l.to() != LeaseStatus.TAKEN) {
            throw refused(e, "a lease on " + l.resource() + " must be taken first");
          }
        } else {
          LeaseStatus.TABLE.require(from, l.to(), l.resource());
        }
        d.leases.put(l.resource(), l.to());
      }
    }
    state = d.build(e);
  }

  private static void applyAttempt(Draft d, StoredEvent e, RunEvent.AttemptMoved m) {
    RunState.Attempt a = d.attempts.get(m.attemptId());
    boolean terminal = m.to() == AttemptStatus.TERMINAL;
    if (terminal != (m.result() != null)) {
      throw refused(e, "an attempt has a result class exactly when it is terminal");
    }
    if (a == null) {
      RunState.Assignment owner = d.assignments.get(m.assignmentId());
      if (m.to() != AttemptStatus.CREATED
          || owner == null
          || !owner.stepId().equals(m.stepId())
          || m.capabilitySha256() == null) {
        throw refused(e, "attempt " + m.attemptId() + " must start created, with its capability");
      }
      d.attempts.put(
          m.attemptId(),
          new RunState.Attempt(
              m.attemptId(), m.assignmentId(), m.stepId(), m.to(), null, m.capabilitySha256()));
      RunState.Step step = d.steps.get(m.stepId());
      d.steps.put(
          step.stepId(),
          new RunState.Step(
              step.stepId(), step.type(), step.status(), step.detail(), step.attempts() + 1));
      return;
    }
    AttemptStatus.TABLE.require(a.status(), m.to(), m.attemptId());
    d.attempts.put(
        m.attemptId(),
        new RunState.Attempt(
            a.attemptId(), a.assignmentId(), a.stepId(), m.to(), m.result(), a.capabilitySha256()));
  }

  private static KxmException refused(StoredEvent e, String why) {
    return new KxmException(
        ErrorCode.RUN_TRANSITION_REFUSED,
        "run " + e.runId() + " event " + e.sequence() + " (" + e.type() + ") refused: " + why);
  }

  /** The mutable copy one event works on. */
  private static final class Draft {
    final RunState from;
    RunStatus status;
    String reason;
    String planSha256;
    List<RunEvent.PlannedStep> plan;
    final Map<String, RunState.Step> steps;
    final Map<String, RunState.Assignment> assignments;
    final Map<String, RunState.Attempt> attempts;
    final Map<String, RunState.Interaction> interactions;
    final Map<String, String> gateEvidence;
    final List<RunEvent.AttemptSpent> spent;
    RunState.Work work;
    final Map<String, LeaseStatus> leases;

    Draft(RunState s) {
      from = s;
      status = s.status();
      reason = s.reason();
      planSha256 = s.planSha256();
      plan = s.plan();
      steps = new LinkedHashMap<>(s.steps());
      assignments = new LinkedHashMap<>(s.assignments());
      attempts = new LinkedHashMap<>(s.attempts());
      interactions = new LinkedHashMap<>(s.interactions());
      gateEvidence = new LinkedHashMap<>(s.gateEvidence());
      spent = new ArrayList<>(s.spent());
      work = s.work();
      leases = new LinkedHashMap<>(s.leases());
    }

    RunState build(StoredEvent e) {
      return new RunState(
          from.runId(),
          from.workflowId(),
          from.promptSha256(),
          from.revisions(),
          from.config(),
          status,
          reason,
          planSha256,
          new ArrayList<>(plan),
          steps,
          assignments,
          attempts,
          interactions,
          gateEvidence,
          List.copyOf(spent),
          work,
          leases,
          from.createdAt(),
          e.at(),
          e.sequence(),
          e.hash());
    }
  }
}
