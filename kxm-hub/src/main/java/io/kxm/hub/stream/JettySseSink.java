package io.kxm.hub.stream;

import io.kxm.hub.sse.SseSink;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;

/**
 * Writes SSE frames to the servlet response. Frames collect in a buffer until {@link #flush}, so
 * that a follower draining many events sends them with one write and one flush instead of one per
 * event (per-event flushes were most of the hub's CPU under fan-out). Frames are UTF-8; the
 * envelope JSON never contains a raw line break, so each frame has exactly one {@code data:} line.
 * Used by one thread, the follower's.
 */
public final class JettySseSink implements SseSink {
  /** Past this many buffered bytes a batch goes out early, so a long replay holds little memory. */
  private static final int WRITE_THROUGH_BYTES = 32 * 1024;

  private final OutputStream out;
  private final EndPoint endPoint;
  private final FrameBuffer buffer = new FrameBuffer();

  public JettySseSink(HttpServletRequest request, HttpServletResponse response) throws IOException {
    this.out = response.getOutputStream();
    this.endPoint = endPointOf(request);
  }

  /** Sends the status and headers now, so the client knows the stream is open before any event. */
  public void open() throws IOException {
    comment("connected");
    flush();
  }

  @Override
  public void event(long seq, String json) throws IOException {
    buffer.ascii("id: ").ascii(Long.toString(seq)).ascii("\ndata: ").utf8(json).ascii("\n\n");
    spillIfLarge();
  }

  @Override
  public void control(String name, String json) throws IOException {
    buffer.ascii("event: ").utf8(name).ascii("\ndata: ").utf8(json).ascii("\n\n");
    spillIfLarge();
  }

  @Override
  public void comment(String text) throws IOException {
    buffer.ascii(": ").utf8(text).ascii("\n\n");
    spillIfLarge();
  }

  @Override
  public void flush() throws IOException {
    if (buffer.size() > 0) {
      buffer.writeTo(out);
    }
    out.flush();
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

  private void spillIfLarge() throws IOException {
    if (buffer.size() >= WRITE_THROUGH_BYTES) {
      buffer.writeTo(out);
    }
  }

  private static EndPoint endPointOf(HttpServletRequest request) {
    ServletContextRequest jetty = ServletContextRequest.getServletContextRequest(request);
    if (jetty == null) {
      return null;
    }
    return jetty.getConnectionMetaData().getConnection().getEndPoint();
  }

  /** A growable byte buffer that copies ASCII text without an encoder. */
  private static final class FrameBuffer {
    private byte[] bytes = new byte[1024];
    private int size;

    int size() {
      return size;
    }

    /** Only for text known to be ASCII: the frame's field names and numbers. */
    FrameBuffer ascii(String text) {
      int n = text.length();
      ensure(n);
      for (int i = 0; i < n; i++) {
        bytes[size + i] = (byte) text.charAt(i);
      }
      size += n;
      return this;
    }

    FrameBuffer utf8(String text) {
      byte[] encoded = text.getBytes(StandardCharsets.UTF_8);
      ensure(encoded.length);
      System.arraycopy(encoded, 0, bytes, size, encoded.length);
      size += encoded.length;
      return this;
    }

    void writeTo(OutputStream out) throws IOException {
      out.write(bytes, 0, size);
      size = 0;
      if (bytes.length > 4 * WRITE_THROUGH_BYTES) {
        bytes = new byte[1024]; // one huge event should not pin its size for the connection's life
      }
    }

    private void ensure(int more) {
      if (size + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
      }
    }
  }
}
