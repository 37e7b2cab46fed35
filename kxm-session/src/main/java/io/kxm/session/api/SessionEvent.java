package io.kxm.session.api;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * The one envelope of every session event, the same on live delivery and replay. {@code seq} is
 * assigned by the store when the event commits, grows by one per stored event across the whole
 * store, and is the SSE {@code id:} a client resumes from.
 *
 * @param runId null for events of the session itself
 * @param data the type's fields, a JSON object
 */
public record SessionEvent(
    long seq, String sessionId, String runId, String type, Instant at, JsonNode data) {}
