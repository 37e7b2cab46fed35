package io.kxm.core.workflow.definition;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.EvidenceKeys;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.journal.ImprovementArea;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One ordered stage of a workflow. Evidence keys are kept in their normalized form.
 *
 * @param requiredEvidence keys a {@code passed} checkpoint must cover
 * @param maxAttempts attempts the stage may use in one run, counted across every visit, 1 to 20
 * @param area the improvement area journal entries of this stage default to; may be null
 * @param peerEvidence requirement key to the policy that lets peers satisfy it
 * @param on checkpoint status ({@code passed}, {@code warning}, {@code failed}) to the edge it
 *     takes
 * @param maxTransitions how many transitions may leave this stage in one run; null for no own limit
 * @param autoResumeLimit failed attempts after which the stage waits for an operator ruling ({@code
 *     audit_escalation}); null never escalates; below {@code maxAttempts}
 */
public record StageDefinition(
    String id,
    String instructions,
    List<String> requiredEvidence,
    int maxAttempts,
    ImprovementArea area,
    Map<String, EvidencePolicy> peerEvidence,
    Map<String, TransitionEdge> on,
    Integer maxTransitions,
    Integer autoResumeLimit) {

  public StageDefinition {
    Require.label(id, "stage id", WorkflowLimits.ID_MAX);
    Require.text(instructions, "instructions", WorkflowLimits.PROMPT_MAX);
    requiredEvidence =
        requiredEvidence == null
            ? List.of()
            : requiredEvidence.stream().map(EvidenceKeys::normalize).distinct().toList();
    if (maxAttempts < 1 || maxAttempts > WorkflowLimits.ATTEMPTS_MAX) {
      throw new IllegalArgumentException("stage " + id + ": maxAttempts must be 1 to 20");
    }
    Map<String, EvidencePolicy> policies = new LinkedHashMap<>();
    if (peerEvidence != null) {
      peerEvidence.forEach((key, policy) -> policies.put(EvidenceKeys.normalize(key), policy));
    }
    for (String key : policies.keySet()) {
      if (!requiredEvidence.contains(key)) {
        throw new IllegalArgumentException(
            "stage " + id + ": peer evidence '" + key + "' is not a required evidence key");
      }
    }
    peerEvidence = java.util.Collections.unmodifiableMap(policies);
    on = on == null ? Map.of() : Map.copyOf(on);
    on.keySet().forEach(CheckpointStatus::fromWire);
    if (maxTransitions != null && maxTransitions < 1) {
      throw new IllegalArgumentException("stage " + id + ": maxTransitions must be at least 1");
    }
    if (autoResumeLimit != null && (autoResumeLimit < 1 || autoResumeLimit >= maxAttempts)) {
      throw new IllegalArgumentException(
          "stage " + id + ": autoResumeLimit must be at least 1 and below maxAttempts");
    }
  }

  /** The edge a checkpoint with {@code status} takes, if the stage declares one. */
  public Optional<TransitionEdge> edgeFor(CheckpointStatus status) {
    return Optional.ofNullable(on.get(status.wire()));
  }

  /** The peer-evidence policy of a normalized requirement key, if it has one. */
  public Optional<EvidencePolicy> policyFor(String requirementKey) {
    return Optional.ofNullable(peerEvidence.get(requirementKey));
  }
}
