package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.EvidencePolicy;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import io.kxm.core.workflow.provenance.ProvenanceResult;
import io.kxm.core.workflow.provenance.ProvenanceScope;
import io.kxm.core.workflow.provenance.ProvenanceVerifier;
import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Decides whether evidence is good enough: cited peer replies must verify, and a {@code passed}
 * verdict must cover every required key. A key with a peer-evidence policy is covered only by
 * verified replies from enough distinct producers, never by an evidence string.
 */
final class EvidenceGate {
  private EvidenceGate() {}

  /** Verified snapshots of every citation, or the refusal of the first bad one. */
  record Citations(List<VerifiedPeerEvidence> snapshots, Optional<WorkflowRefusal> refusal) {}

  static Citations verify(
      WorkflowRun run,
      StageDefinition stage,
      Map<String, List<String>> refs,
      Map<String, CitedMessage> found) {
    ProvenanceScope scope =
        new ProvenanceScope(
            run.id(), run.project(), run.coordinator(), stage.id(), run.currentAttempt());
    List<VerifiedPeerEvidence> snapshots = new ArrayList<>();
    for (Map.Entry<String, List<String>> ref : refs.entrySet()) {
      Optional<EvidencePolicy> policy = stage.policyFor(ref.getKey());
      if (policy.isEmpty()) {
        return refused(
            new WorkflowRefusal(
                ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS,
                "requirement '"
                    + ref.getKey()
                    + "' of stage "
                    + stage.id()
                    + " takes no peer evidence; give it as an evidence string",
                Map.of("requirement", ref.getKey())));
      }
      ProvenanceResult result =
          ProvenanceVerifier.verify(scope, ref.getKey(), policy.get(), ref.getValue(), found);
      switch (result) {
        case ProvenanceResult.Verified v -> snapshots.addAll(v.snapshots());
        case ProvenanceResult.Rejected r -> {
          return refused(provenanceInvalid(run, stage, r));
        }
      }
    }
    return new Citations(snapshots, Optional.empty());
  }

  /** Required keys the evidence does not cover, in declared order. */
  static List<String> missing(
      WorkflowRun run,
      StageDefinition stage,
      Map<String, String> evidence,
      List<VerifiedPeerEvidence> peerEvidence) {
    List<String> missing = new ArrayList<>();
    for (String key : stage.requiredEvidence()) {
      Optional<EvidencePolicy> policy = stage.policyFor(key);
      boolean covered =
          policy.isPresent()
              ? producers(peerEvidence, key)
                  >= run.degradedQuorum(stage.id(), run.currentAttempt(), key)
                      .orElse(policy.get().quorum())
              : evidence.containsKey(key);
      if (!covered) {
        missing.add(key);
      }
    }
    return missing;
  }

  static WorkflowRefusal incomplete(WorkflowRun run, StageDefinition stage, List<String> missing) {
    return new WorkflowRefusal(
        ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE,
        "stage "
            + stage.id()
            + " of run "
            + run.id()
            + " cannot pass without: "
            + String.join(", ", missing)
            + " (peer requirements need verified evidenceRefs from enough distinct producers)",
        Map.of("missingRequirements", List.copyOf(missing)));
  }

  private static long producers(List<VerifiedPeerEvidence> peerEvidence, String key) {
    return peerEvidence.stream()
        .filter(p -> p.requirementKey().equals(key))
        .map(p -> p.producerName().toLowerCase(Locale.ROOT))
        .distinct()
        .count();
  }

  private static WorkflowRefusal provenanceInvalid(
      WorkflowRun run, StageDefinition stage, ProvenanceResult.Rejected rejected) {
    String list =
        rejected.rejections().stream()
            .map(r -> r.messageId() + " (" + r.reason().wire() + ")")
            .collect(Collectors.joining(", "));
    return new WorkflowRefusal(
        ErrorCode.WORKFLOW_PROVENANCE_INVALID,
        "evidence for '"
            + rejected.requirementKey()
            + "' at stage "
            + stage.id()
            + " attempt "
            + run.currentAttempt()
            + " of run "
            + run.id()
            + " does not verify: "
            + list,
        Map.of(
            "requirement",
            rejected.requirementKey(),
            "rejections",
            rejected.rejections().stream()
                .map(r -> Map.of("messageId", r.messageId(), "reason", r.reason().wire()))
                .toList()));
  }

  private static Citations refused(WorkflowRefusal refusal) {
    return new Citations(List.of(), Optional.of(refusal));
  }
}
