package io.kxm.runtime.run;

import io.kxm.runtime.api.ConfigPin;
import io.kxm.runtime.api.Revisions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run as the fold of its events sees it. Maps keep insertion order, which is event order, so two
 * folds of the same log are equal.
 *
 * @param leases where the run's lease on each shared resource it leased stands, by resource
 */
public record RunState(
    String runId,
    String workflowId,
    String promptSha256,
    Revisions revisions,
    ConfigPin config,
    RunStatus status,
    String reason,
    String planSha256,
    List<RunEvent.PlannedStep> plan,
    Map<String, Step> steps,
    Map<String, Assignment> assignments,
    Map<String, Attempt> attempts,
    Map<String, Interaction> interactions,
    Map<String, String> gateEvidence,
    List<RunEvent.AttemptSpent> spent,
    Work work,
    Map<String, LeaseStatus> leases,
    Instant createdAt,
    Instant updatedAt,
    long lastSequence,
    String lastHash) {

  public RunState {
    // states stored before runs leased resources have no leases
    leases = leases == null ? Map.of() : leases;
  }

  /**
   * The run's worktree and what its writing steps left there.
   *
   * @param lastDiff the latest {@code worktree.diffed}; null before a writing step ended
   * @param removed whether the folder was removed ({@code kxm runs clean})
   */
  public record Work(
      String path,
      String branch,
      String baseCommit,
      RunEvent.WorktreeDiffed lastDiff,
      boolean removed) {}

  public record Step(String stepId, String type, StepStatus status, String detail, int attempts) {}

  public record Assignment(
      String assignmentId, String stepId, String agentId, AssignmentStatus status, String answer) {}

  public record Attempt(
      String attemptId,
      String assignmentId,
      String stepId,
      AttemptStatus status,
      AttemptResult result,
      String capabilitySha256) {}

  public record Interaction(
      String interactionId,
      String stepId,
      String kind,
      String question,
      String targetAgent,
      boolean resolved,
      boolean approved,
      String answer,
      String by) {}

  public Optional<Interaction> pendingInteraction() {
    return interactions.values().stream().filter(i -> !i.resolved()).findFirst();
  }

  public List<Attempt> openAttempts() {
    return attempts.values().stream().filter(a -> a.status() != AttemptStatus.TERMINAL).toList();
  }

  public List<Assignment> assignmentsOf(String stepId) {
    return assignments.values().stream().filter(a -> a.stepId().equals(stepId)).toList();
  }

  public List<Attempt> attemptsOf(String assignmentId) {
    return attempts.values().stream().filter(a -> a.assignmentId().equals(assignmentId)).toList();
  }
}
