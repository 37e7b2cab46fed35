package io.kxm.client.sse;

/**
 * One server-sent event as it came off the wire.
 *
 * @param id the {@code id:} field, or null when the event had none
 * @param event the {@code event:} field, or null for the default type
 * @param data the {@code data:} lines joined by newlines, or null when there were none or the event
 *     was too large to keep
 * @param oversized true when the event broke the size limits and its data was dropped unread
 */
public record SseFrame(String id, String event, String data, boolean oversized) {}
