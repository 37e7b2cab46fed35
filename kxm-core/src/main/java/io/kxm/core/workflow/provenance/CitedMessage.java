package io.kxm.core.workflow.provenance;

import io.kxm.core.json.Json;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.peer.WorkflowContext;
import java.time.Instant;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * A message a checkpoint cites as peer evidence, as the hub recorded it: who sent it to whom, its
 * state, its bodies and the workflow context the hub stamped on it.
 *
 * @param fromName the sender's name; only the coordinator's requests count
 * @param toName the recipient's name: the producer whose reply is the evidence
 * @param context the stamped workflow context, or null when the request carried none
 */
public record CitedMessage(
    String id,
    String project,
    String fromAgentId,
    String fromName,
    String toAgentId,
    String toName,
    MessageStatus status,
    String request,
    String reply,
    Instant repliedAt,
    WorkflowContext context) {

  public CitedMessage {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(status, "status");
  }

  /**
   * Reads a stored message; the store keeps agent IDs only, so the caller supplies both names. A
   * workflow context that does not parse counts as none.
   */
  public static CitedMessage of(StoredMessage message, String fromName, String toName) {
    return new CitedMessage(
        message.id(),
        message.project(),
        message.fromAgentId(),
        fromName,
        message.toAgentId(),
        toName,
        message.status(),
        message.content(),
        message.reply(),
        message.repliedAt(),
        context(message.workflowContext()));
  }

  private static WorkflowContext context(String json) {
    if (json == null) {
      return null;
    }
    try {
      JsonNode node = Json.read(json);
      return new WorkflowContext(
          node.path("runId").asString(null),
          node.path("stageId").asString(null),
          node.path("requirementKey").asString(null),
          node.path("attempt").asInt(0));
    } catch (RuntimeException e) {
      return null;
    }
  }
}
