package io.kxm.core.sse;

/**
 * One server-sent event as it came off the wire.
 *
 * @param id the {@code id:} field, or null when the event had none
 * @param event the {@code event:} field, or null for the default type
 * @param data the {@code data:} lines joined by newlines, or null when there were none or the event
 *     was too large to keep
 * @param retry the {@code retry:} field in milliseconds, or null when absent or not a number
 * @param oversized true when the event broke the reader's limits and its data was dropped unread
 *     (only when the reader skips oversized events instead of refusing the peer)
 */
public record SseFrame(String id, String event, String data, Long retry, boolean oversized) {
  /** A frame that kept its data and carried no {@code retry:}. */
  public SseFrame(String id, String event, String data) {
    this(id, event, data, null, false);
  }

  /** The event type: the {@code event:} field, {@code message} when there was none. */
  public String type() {
    return event == null ? "message" : event;
  }
}
