package io.kxm.core.workflow.provenance;

import io.kxm.core.check.Require;
import java.time.Instant;

/**
 * A peer reply the hub verified for one requirement, kept as a snapshot that outlives the message:
 * IDs, the producer's name, and SHA-256 hashes of the request and reply instead of their text.
 *
 * @param requirementKey the normalized requirement it satisfies
 * @param messageId the cited request
 * @param producerAgentId the replying agent's ID
 * @param producerName the replying agent's name
 * @param requestSha256 hex SHA-256 of the request body
 * @param replySha256 hex SHA-256 of the reply body
 * @param repliedAt when the reply arrived
 */
public record VerifiedPeerEvidence(
    String requirementKey,
    String messageId,
    String producerAgentId,
    String producerName,
    String requestSha256,
    String replySha256,
    Instant repliedAt) {

  public VerifiedPeerEvidence {
    Require.present(requirementKey, "requirementKey");
    Require.present(messageId, "messageId");
    Require.present(producerAgentId, "producerAgentId");
    Require.present(producerName, "producerName");
    Require.sha256Hex(requestSha256, "requestSha256");
    Require.sha256Hex(replySha256, "replySha256");
  }
}
