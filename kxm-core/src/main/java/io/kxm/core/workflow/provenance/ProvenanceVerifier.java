package io.kxm.core.workflow.provenance;

import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.EvidenceKeys;
import io.kxm.core.workflow.definition.EvidencePolicy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks cited messages against the hub's own records. A reply counts as evidence only when the
 * coordinator asked for it in this run, stage, requirement and attempt, and an eligible producer
 * other than the coordinator answered it. A producer counts once however often it is cited. One bad
 * citation rejects the requirement's whole citation: a forged reference must not hide among genuine
 * ones.
 */
public final class ProvenanceVerifier {
  private ProvenanceVerifier() {}

  /**
   * @param requirementKey the normalized requirement the messages are cited for
   * @param messageIds the cited IDs, in citation order
   * @param found the messages the hub found, by ID; a missing ID is a rejection
   */
  public static ProvenanceResult verify(
      ProvenanceScope scope,
      String requirementKey,
      EvidencePolicy policy,
      List<String> messageIds,
      Map<String, CitedMessage> found) {
    List<Rejection> rejections = new ArrayList<>();
    List<VerifiedPeerEvidence> snapshots = new ArrayList<>();
    Set<String> producers = new HashSet<>();
    for (String id : messageIds) {
      CitedMessage message = found.get(id);
      Rejection.Reason reason = check(scope, requirementKey, policy, message);
      if (reason != null) {
        rejections.add(new Rejection(id, reason));
        continue;
      }
      snapshots.add(snapshot(requirementKey, message));
      producers.add(message.toName().toLowerCase(Locale.ROOT));
    }
    if (!rejections.isEmpty()) {
      return new ProvenanceResult.Rejected(requirementKey, rejections);
    }
    return new ProvenanceResult.Verified(snapshots, producers.size());
  }

  private static Rejection.Reason check(
      ProvenanceScope scope, String requirementKey, EvidencePolicy policy, CitedMessage message) {
    if (message == null) {
      return Rejection.Reason.NOT_FOUND;
    }
    if (!scope.project().equals(message.project())) {
      return Rejection.Reason.WRONG_PROJECT;
    }
    WorkflowContext context = message.context();
    if (context == null) {
      return Rejection.Reason.NO_WORKFLOW_CONTEXT;
    }
    if (!scope.runId().equals(context.runId())) {
      return Rejection.Reason.WRONG_RUN;
    }
    if (!scope.stageId().equals(context.stageId())) {
      return Rejection.Reason.WRONG_STAGE;
    }
    if (!requirementKey.equals(EvidenceKeys.normalize(context.requirementKey()))) {
      return Rejection.Reason.WRONG_REQUIREMENT;
    }
    if (scope.attempt() != context.attempt()) {
      return Rejection.Reason.WRONG_ATTEMPT;
    }
    if (!sameName(scope.coordinator(), message.fromName())) {
      return Rejection.Reason.NOT_SENT_BY_COORDINATOR;
    }
    if (message.status() != MessageStatus.REPLIED || message.reply() == null) {
      return Rejection.Reason.NOT_REPLIED;
    }
    if (sameName(scope.coordinator(), message.toName())) {
      return Rejection.Reason.COORDINATOR_AS_PRODUCER;
    }
    if (message.toName() == null || !policy.eligible(message.toName())) {
      return Rejection.Reason.PRODUCER_NOT_ELIGIBLE;
    }
    return null;
  }

  private static boolean sameName(String a, String b) {
    return a != null && b != null && a.equalsIgnoreCase(b);
  }

  private static VerifiedPeerEvidence snapshot(String requirementKey, CitedMessage message) {
    return new VerifiedPeerEvidence(
        requirementKey,
        message.id(),
        message.toAgentId(),
        message.toName(),
        Tokens.sha256Hex(message.request() == null ? "" : message.request()),
        Tokens.sha256Hex(message.reply()),
        message.repliedAt());
  }
}
