package io.kxm.core.messaging;

import io.kxm.core.check.Require;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.time.Duration;
import tools.jackson.core.JacksonException;

/**
 * A request about to be stored; the store assigns its id and times and sets it {@code queued}.
 *
 * @param ttl how long the request stays open, {@link MessageLimits#MIN_TTL} to {@link
 *     MessageLimits#MAX_TTL}
 * @param idempotencyKey makes an exact retry by the same sender return the first message; or null
 * @param requestHash hash of the request under that key, compared on a retry; or null
 * @param workflowContext a JSON object, or null
 */
public record NewMessage(
    String project,
    String fromAgentId,
    String toAgentId,
    String content,
    Delivery delivery,
    Duration ttl,
    String correlationId,
    String idempotencyKey,
    String requestHash,
    int hopCount,
    String workflowContext) {

  public NewMessage {
    Require.label(project, "project", 128);
    Require.label(fromAgentId, "fromAgentId", 64);
    Require.label(toAgentId, "toAgentId", 64);
    Require.text(content, "content", MessageLimits.CONTENT_CHARS);
    Require.present(delivery, "delivery");
    Require.between(ttl, MessageLimits.MIN_TTL, MessageLimits.MAX_TTL, "ttl");
    Require.optionalText(correlationId, "correlationId", MessageLimits.CORRELATION_ID_CHARS);
    Require.optionalText(idempotencyKey, "idempotencyKey", MessageLimits.IDEMPOTENCY_KEY_CHARS);
    Require.optionalText(requestHash, "requestHash", 128);
    Require.atLeast(hopCount, 0, "hopCount");
    Require.optionalText(workflowContext, "workflowContext", MessageLimits.WORKFLOW_CONTEXT_CHARS);
    if (workflowContext != null) {
      requireJsonObject(workflowContext);
    }
  }

  /** A plain follow-up request with the default TTL and no options. */
  public static NewMessage request(String project, String from, String to, String content) {
    return new NewMessage(
        project,
        from,
        to,
        content,
        Delivery.FOLLOW_UP,
        MessageLimits.DEFAULT_TTL,
        null,
        null,
        null,
        0,
        null);
  }

  private static void requireJsonObject(String text) {
    try {
      if (Json.read(text).isObject()) {
        return;
      }
    } catch (JacksonException e) {
      // reported below with the same message as a non-object
    }
    throw new KxmException(ErrorCode.INVALID_REQUEST, "workflowContext must be a JSON object");
  }
}
