package io.kxm.runtime.session.stream;

import io.kxm.runtime.session.api.SessionEvent;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

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
    text("id: " + event.seq() + "\nevent: " + event.type() + "\ndata: ");
    text(EventEnvelope.json(event));
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

  private void text(String text) {
    buffer.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
