package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * A request between two agents as agents see it over the peer port; the result of {@code kxm_get},
 * {@code kxm_await} and {@code kxm_cancel}. Fields that do not apply yet are null and left out of
 * JSON.
 *
 * @param id message ID
 * @param from sender's agent ID
 * @param fromName sender's name
 * @param to recipient's agent ID
 * @param toName recipient's name
 * @param content the request
 * @param delivery when the recipient's harness surfaces it
 * @param status current state
 * @param createdAt when the hub accepted it
 * @param expiresAt when it expires unless answered
 * @param reply the recipient's reply, once replied
 * @param deliveredAt when the recipient acknowledged it
 * @param repliedAt when the reply arrived
 * @param error why it ended without a reply, when known
 * @param correlationId groups related requests
 * @param workflowContext the workflow run it serves, if any
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PeerMessage(
    String id,
    String from,
    String fromName,
    String to,
    String toName,
    String content,
    Delivery delivery,
    MessageStatus status,
    Instant createdAt,
    Instant expiresAt,
    String reply,
    Instant deliveredAt,
    Instant repliedAt,
    String error,
    String correlationId,
    WorkflowContext workflowContext) {

  public PeerMessage {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(status, "status");
  }
}
