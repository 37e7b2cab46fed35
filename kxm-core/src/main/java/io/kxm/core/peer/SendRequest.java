package io.kxm.core.peer;

import io.kxm.core.messaging.Delivery;

/**
 * One focused request to one peer ({@code kxm_send}).
 *
 * @param target peer name (case-insensitive) or agent ID, at most 80 characters
 * @param content the request and the answer expected, at most 32,000 characters
 * @param delivery when the peer's harness surfaces it; null means {@link Delivery#FOLLOW_UP}
 * @param correlationId groups related requests; with a workflow context it is the run ID
 * @param idempotencyKey an exact retry with this key returns the original request
 * @param workflowContext marks the reply as peer evidence for a workflow run; may be null
 * @param ttlMs how long the request stays valid, 1,000 to 604,800,000; null means the hub default
 * @param allowOffline queue the request for a registered peer that is offline
 */
public record SendRequest(
    String target,
    String content,
    Delivery delivery,
    String correlationId,
    String idempotencyKey,
    WorkflowContext workflowContext,
    Long ttlMs,
    boolean allowOffline) {

  public SendRequest {
    target = Limits.required("target", target, Limits.TARGET_MAX).strip();
    content = Limits.required("content", content, Limits.CONTENT_MAX);
    delivery = delivery == null ? Delivery.FOLLOW_UP : delivery;
    correlationId = WorkflowContext.correlate(workflowContext, correlationId);
    idempotencyKey = Limits.optional("idempotencyKey", idempotencyKey, Limits.KEY_MAX);
    Limits.range("ttlMs", ttlMs, Limits.TTL_MIN_MS, Limits.TTL_MAX_MS);
  }

  /** A plain follow-up request with every option at its default. */
  public static SendRequest of(String target, String content) {
    return new SendRequest(target, content, null, null, null, null, null, false);
  }
}
