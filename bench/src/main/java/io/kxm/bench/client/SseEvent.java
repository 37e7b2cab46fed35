package io.kxm.bench.client;

/**
 * One server-sent event.
 *
 * @param id the {@code id:} field, or null when the event had none
 * @param type the {@code event:} field, {@code message} by default
 * @param data the {@code data:} lines joined by newlines
 */
public record SseEvent(String id, String type, String data) {}
