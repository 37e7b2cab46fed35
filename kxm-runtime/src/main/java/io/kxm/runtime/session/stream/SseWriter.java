package io.kxm.runtime.session.stream;

import io.kxm.runtime.session.api.SessionEvent;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * Writes SSE frames to one response. Frames collect until {@link #flush}, so a batch of events
 * costs one network write instead of one per event; a long replay spills early so it holds little
 * memory. Used by the stream's own thread, except {@link #abort}.
 */
final class SseWriter {
  private static final int SPILL_BYTES = 32 * 1024;

  private final OutputStream out;
  private final EndPoint endPoint;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(4096);

  SseWriter(HttpServletRequest request, HttpServletResponse response) throws IOException {
    this.out = response.getOutputStream();
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
    this.endPoint =
        jetty == null ? null : jetty.getConnectionMetaData().getConnection().getEndPoint();
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

  void comment(String text) throws IOException {
    text(": " + text + "\n\n");
  }

  void flush() throws IOException {
    if (buffer.size() > 0) {
      buffer.writeTo(out);
      buffer.reset();
    }
    out.flush();
  }

  /**
   * Closes the connection under the response from another thread, so that a write blocked on a
   * client that reads nothing fails at once. Closing the endpoint only marks it; it never blocks.
   */
  void abort() {
    if (endPoint != null) {
      endPoint.close();
    }
  }

  private void text(String text) {
    buffer.writeBytes(text.getBytes(StandardCharsets.UTF_8));
  }
}
