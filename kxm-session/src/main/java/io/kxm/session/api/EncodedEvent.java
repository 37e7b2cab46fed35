package io.kxm.session.api;

/**
 * A stored event in its wire form: {@code envelope} is the JSON text of the envelope {@code {seq,
 * sessionId, runId, type, at, data}}, the same text live delivery writes for the event.
 */
public record EncodedEvent(long seq, String type, String envelope) {}
