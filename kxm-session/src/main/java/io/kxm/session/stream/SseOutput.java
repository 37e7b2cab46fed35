package io.kxm.session.stream;

import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.SessionEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Writes SSE frames to one response body. Frames collect until {@link #flush}, so a batch of events
 * costs one network write instead of one per event; a long replay spills early so it holds little
 * memory. Used by the stream's own thread, except {@link #abort}.
 */
public final class SseOutput {
  private static final int SPILL_BYTES = 32 * 1024;

  private final OutputStream out;
  private final Runnable abort;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);

  /**
   * @param abort closes the connection under the response at once, from any thread, without
   *     blocking; a write blocked on a client that reads nothing then fails
   */
  public SseOutput(OutputStream out, Runnable abort) {
    this.out = out;
    this.abort = abort;
  }

  void event(SessionEvent event) throws IOException {
    buffer.writeBytes(frame(event));
    if (buffer.size() >= SPILL_BYTES) {
      buffer.writeTo(out);
      buffer.reset();
    }
  }

  /** A replayed event, already in its wire form. */
  void event(EncodedEvent event) throws IOException {
    text("id: " + event.seq() + "\nevent: " + event.type() + "\ndata: ");
    text(event.envelope());
    text("\n\n");
    if (buffer.size() >= SPILL_BYTES) {
      buffer.writeTo(out);
      buffer.reset();
    }
  }

  void comment(String text) {
    text(": " + text + "\n\n");
  }

  void flush() throws IOException {
    if (buffer.size() > 0) {
      buffer.writeTo(out);
      buffer.reset();
    }
    out.flush();
  }

  void abort() {
    abort.run();
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
    byte[] bytes =
        ("id: "
                + event.seq()
                + "\nevent: "
                + event.type()
                + "\ndata: "
                + EventEnvelope.json(event)
                + "\n\n")
            .getBytes(StandardCharsets.UTF_8);
    RECENT_FRAMES.set(slot, new Encoded(event, bytes));
    return bytes;
  }

  private record Encoded(SessionEvent event, byte[] bytes) {}

  private static final AtomicReferenceArray<Encoded> RECENT_FRAMES =
      new AtomicReferenceArray<>(4096);

  private void text(String text) {
    buffer.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
