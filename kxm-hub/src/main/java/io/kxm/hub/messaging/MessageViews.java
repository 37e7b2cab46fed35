package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.WorkflowContext;
import io.kxm.store.Tx;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns stored messages into the wire record peers see, with the names of both agents. One view per
 * transaction: names are looked up once each.
 */
final class MessageViews {
  private final Tx tx;
  private final Map<String, String> names = new HashMap<>();

  private MessageViews(Tx tx) {
    this.tx = tx;
  }

  static MessageViews within(Tx tx) {
    return new MessageViews(tx);
  }

  /** Remembers names the caller already holds, saving their lookups. */
  MessageViews knowing(Agent... agents) {
    for (Agent agent : agents) {
      names.put(agent.id(), agent.name());
    }
    return this;
  }

  PeerMessage wire(StoredMessage m) {
    return new PeerMessage(
        m.id(),
        m.fromAgentId(),
        name(m.fromAgentId()),
        m.toAgentId(),
        name(m.toAgentId()),
        m.content(),
        m.delivery(),
        m.status(),
        m.createdAt(),
        m.expiresAt(),
        m.reply(),
        m.deliveredAt(),
        m.repliedAt(),
        error(m),
        m.correlationId(),
        workflowContext(m.workflowContext()));
  }

  /** Why a request ended without a reply. */
  static String error(StoredMessage m) {
    return switch (m.status()) {
      case CANCELLED -> "cancelled by the sender";
      case EXPIRED -> "expired before a reply";
      case QUEUED, DELIVERED, REPLIED -> null;
    };
  }

  private String name(String agentId) {
    return names.computeIfAbsent(agentId, id -> tx.agents().nameOf(id).orElse(id));
  }

  private static WorkflowContext workflowContext(String json) {
    if (json == null) {
      return null;
    }
    try {
      return Json.read(json, WorkflowContext.class);
    } catch (RuntimeException e) {
      // Not JSON or not a valid context (a JacksonException or a refusal): the message still reads.
      return null;
    }
  }
}
