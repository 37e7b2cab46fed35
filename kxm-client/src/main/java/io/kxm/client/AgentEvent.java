package io.kxm.client;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerMessage;
import java.time.Instant;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One event of an agent's stream, in the envelope shared by replay and live delivery.
 *
 * @param seq position in the agent's stream, from 1, never repeated
 * @param type for example {@code message.queued}
 * @param ts when the hub appended it, or null when absent
 * @param data the event body
 */
public record AgentEvent(long seq, String type, Instant ts, JsonNode data) {
  /** A request for this agent. */
  public static final String MESSAGE_QUEUED = "message.queued";

  /** The message record of a {@code message.*} event, if it carries one. */
  public Optional<PeerMessage> message() {
    JsonNode message = data.path("message");
    if (!message.isObject()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.MAPPER.treeToValue(message, PeerMessage.class));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }
}
