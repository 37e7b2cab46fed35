package io.kxm.hub.stream;

import io.kxm.core.sse.SseWriter;
import io.kxm.hub.sse.SseSink;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * An agent's event stream on the servlet response, through the one {@link SseWriter}: frames
 * collect until {@link #flush}, so a follower draining many events sends them with one write. The
 * envelope JSON never contains a raw line break, so each frame has exactly one {@code data:} line.
 * Used by one thread, the follower's.
 */
public final class JettySseSink implements SseSink {
  private final SseWriter writer;
  private final String eventName;

  public JettySseSink(HttpServletRequest request, HttpServletResponse response) throws IOException {
    this(request, response, null);
  }

  /** With {@code eventName} on every event frame ({@code null}: none, the default message). */
  public JettySseSink(HttpServletRequest request, HttpServletResponse response, String eventName)
      throws IOException {
    this.eventName = eventName;
    EndPoint endPoint = endPointOf(request);
    this.writer =
        new SseWriter(
            response.getOutputStream(),
            () -> {
              // Closing the endpoint only marks it and wakes the selector; it never blocks.
              if (endPoint != null) {
                endPoint.close();
              }
            });
  }

  /** Sends the status and headers now, so the client knows the stream is open before any event. */
  public void open() throws IOException {
    comment("connected");
    flush();
  }

  @Override
  public void event(long seq, String json) throws IOException {
    writer.event(seq, eventName, json);
  }

  @Override
  public void control(String name, String json) throws IOException {
    writer.control(name, json);
  }

  @Override
  public void comment(String text) throws IOException {
    writer.comment(text);
  }

  @Override
  public void flush() throws IOException {
    writer.flush();
  }

  /**
   * Closes the TCP connection under the response: a write blocked on a client that reads nothing
   * fails at once.
   */
  @Override
  public void abort() {
    writer.abort();
  }

  private static EndPoint endPointOf(HttpServletRequest request) {
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
    if (jetty == null) {
      return null;
    }
    return jetty.getConnectionMetaData().getConnection().getEndPoint();
  }
}
