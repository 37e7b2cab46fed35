package io.kxm.session.api;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * A question a run put to a person: a tool approval, a clarification or an elicitation. It stays
 * {@code pending} in the store until any authorised client answers it, across client and supervisor
 * restarts; {@code closed} when its run ended without an answer.
 *
 * @param kind {@code approval}, {@code clarification} or {@code elicitation}
 * @param status {@code pending}, {@code resolved} or {@code closed}
 * @param request what the harness asked, as it sent it (tool, input, question, schema)
 * @param answer the answer as sent to the harness; null until resolved
 */
public record Interaction(
    String id,
    String sessionId,
    String runId,
    String kind,
    String status,
    JsonNode request,
    JsonNode answer,
    Instant createdAt,
    Instant resolvedAt) {
  public static final String PENDING = "pending";
  public static final String RESOLVED = "resolved";
  public static final String CLOSED = "closed";
}
