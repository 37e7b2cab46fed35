package io.kxm.hub.sse;

/** One stored stream event in its wire form: the sequence number and the JSON envelope. */
public record SseEvent(long seq, String json) {
  public SseEvent {
    if (seq <= 0) {
      throw new IllegalArgumentException("seq must be positive, got " + seq);
    }
  }
}
