package io.kxm.session.stream;

import io.kxm.core.sse.SseWriter;
import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.SessionEvent;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A session or run stream's frames on one response body, through the one {@link SseWriter}: frames
 * collect until {@link #flush}, so a batch of events costs one network write. Used by the stream's
 * own thread, except {@link #abort}.
 */
public final class SseOutput {
  private final SseWriter writer;

  /**
   * @param abort closes the connection under the response at once, from any thread, without
   *     blocking; a write blocked on a client that reads nothing then fails
   */
  public SseOutput(OutputStream out, Runnable abort) {
    this.writer = new SseWriter(out, abort);
  }

  void event(SessionEvent event) throws IOException {
    writer.frame(frame(event));
  }

  /** A replayed event, already in its wire form. */
  void event(EncodedEvent event) throws IOException {
    writer.event(event.seq(), event.type(), event.envelope());
  }

  /** A named control frame without an id, such as {@code cursor_expired}. */
  void control(String type, String json) throws IOException {
    writer.control(type, json);
  }

  void comment(String text) throws IOException {
    writer.comment(text);
  }

  void flush() throws IOException {
    writer.flush();
  }

  void abort() {
    writer.abort();
  }

  /**
   * The frame of {@code event}. A live event reaches every subscriber as the same object, so its
   * frame is encoded once and shared through a small ring keyed by identity; a replayed event is a
   * new object and is encoded on its own.
   */
  static byte[] frame(SessionEvent event) {
    int slot = (int) (event.seq() & (RECENT_FRAMES.length() - 1));
    Encoded cached = RECENT_FRAMES.get(slot);
    if (cached != null && cached.event == event) {
      return cached.bytes;
    }
    byte[] bytes = SseWriter.encode(event.seq(), event.type(), EventEnvelope.json(event));
    RECENT_FRAMES.set(slot, new Encoded(event, bytes));
    return bytes;
  }

  private record Encoded(SessionEvent event, byte[] bytes) {}

  private static final AtomicReferenceArray<Encoded> RECENT_FRAMES =
      new AtomicReferenceArray<>(4096);
}
