package io.kxm.hub.a2a;

/**
 * A message a client sent, read from either wire version.
 *
 * @param messageId the client's id for it, which makes a retry of the same message safe
 * @param contextId the client's conversation id, or null
 * @param text its parts as one request: text as is, data parts as JSON
 */
record Incoming(String messageId, String contextId, String text) {}
