package io.kxm.hub.stream;

import io.kxm.hub.sse.SseSink;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * Writes SSE frames straight to the servlet response and flushes each, so a frame reaches the
 * client when it is written. Frames are UTF-8; the envelope JSON never contains a raw line break,
 * so each frame has exactly one {@code data:} line.
 */
public final class JettySseSink implements SseSink {
  private final OutputStream out;
  private final EndPoint endPoint;

  public JettySseSink(HttpServletRequest request, HttpServletResponse response) throws IOException {
    this.out = response.getOutputStream();
    this.endPoint = endPointOf(request);
  }

  /** Sends the status and headers now, so the client knows the stream is open before any event. */
  public void open() throws IOException {
    write(": connected\n\n");
  }

  @Override
  public void event(long seq, String json) throws IOException {
    write("id: " + seq + "\ndata: " + json + "\n\n");
  }

  @Override
  public void control(String name, String json) throws IOException {
    write("event: " + name + "\ndata: " + json + "\n\n");
  }

  @Override
  public void comment(String text) throws IOException {
    write(": " + text + "\n\n");
  }

  /**
   * Closes the TCP connection under the response: a write blocked on a client that reads nothing
   * fails at once. Closing the endpoint only marks it and wakes the selector; it does not block.
   */
  @Override
  public void abort() {
    if (endPoint != null) {
      endPoint.close();
    }
  }

  private void write(String frame) throws IOException {
    out.write(frame.getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  private static EndPoint endPointOf(HttpServletRequest request) {
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
    if (jetty == null) {
      return null;
    }
    return jetty.getConnectionMetaData().getConnection().getEndPoint();
  }
}
