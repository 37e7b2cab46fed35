package io.kxm.core.peer;

import io.kxm.core.messaging.MessageStatus;

/**
 * What the hub answered to a reply.
 *
 * @param messageId the request that was answered
 * @param status replied
 * @param recipient the name of the agent that receives the reply (the original sender)
 */
public record ReplyResult(String messageId, MessageStatus status, String recipient) {}
