package io.kxm.core.messaging;

import io.kxm.core.check.Require;
import java.time.Instant;

/**
 * A durable request from one agent to another, with at most one reply, as the hub's store keeps it.
 * Agents see it as {@link io.kxm.core.peer.PeerMessage}, with names in place of internal state.
 *
 * @param hopCount how many requests deep this one is in a forwarding chain; the first is 0
 * @param requestHash hash of the sender's request, to tell an exact retry under the same
 *     idempotency key from a different request; null without a key
 * @param workflowContext JSON object tying the reply to a workflow stage, or null
 * @param terminalAt when the message reached an end state; retention counts from here
 */
public record StoredMessage(
    String id,
    String project,
    String fromAgentId,
    String toAgentId,
    String content,
    Delivery delivery,
    MessageStatus status,
    Instant createdAt,
    Instant expiresAt,
    Instant deliveredAt,
    Instant repliedAt,
    Instant terminalAt,
    String reply,
    String correlationId,
    String idempotencyKey,
    String requestHash,
    int hopCount,
    String workflowContext) {

  public StoredMessage {
    Require.label(id, "message id", 64);
    Require.present(project, "project");
    Require.present(fromAgentId, "fromAgentId");
    Require.present(toAgentId, "toAgentId");
    Require.present(content, "content");
    Require.present(delivery, "delivery");
    Require.present(status, "status");
    Require.notBefore(expiresAt, createdAt, "expiresAt", "createdAt");
    Require.atLeast(hopCount, 0, "hopCount");
    if (status == MessageStatus.REPLIED && (reply == null || repliedAt == null)) {
      throw new IllegalArgumentException("replied message " + id + " lacks its reply");
    }
    if (status.isTerminal() != (terminalAt != null)) {
      throw new IllegalArgumentException(
          "message " + id + " is " + status.wire() + " but terminalAt is " + terminalAt);
    }
  }

  /** Open and past its TTL at {@code now}: due to expire. */
  public boolean dueAt(Instant now) {
    return status.isOpen() && !now.isBefore(expiresAt);
  }
}
