package io.kxm.core.peer;

import io.kxm.core.messaging.MessageStatus;

/**
 * What the hub answered to a send: the new (or, for an idempotent retry, the original) request.
 *
 * @param messageId the request's ID
 * @param status usually queued or delivered
 * @param target the resolved recipient's name
 */
public record SendResult(String messageId, MessageStatus status, String target) {}
