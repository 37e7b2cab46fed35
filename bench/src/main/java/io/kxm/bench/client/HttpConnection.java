package io.kxm.bench.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/**
 * One keep-alive HTTP/1.1 connection over a plain socket: the load client shared by baselines and
 * product scenarios, so that both sides pay the same client cost. One connection per (virtual)
 * thread; it is not thread safe.
 */
public final class HttpConnection implements AutoCloseable {
  private static final int MAX_BODY = 16 * 1024 * 1024;
  private static final int CONNECT_TIMEOUT_MS = 5_000;

  /**
   * A connection idle longer than this is replaced before the next request: servers close idle
   * keep-alive connections (Jetty after 30 s), and a request written into one that is closing gets
   * no answer. Measures take turns in rounds, so idle spells between them are the rule.
   */
  private static final long REOPEN_AFTER_IDLE_NANOS = 2_000_000_000L;

  private final URI base;
  private Socket socket;
  private WireIn in;
  private OutputStream out;
  private long lastUsed;

  private HttpConnection(URI base) {
    this.base = base;
  }

  public static HttpConnection open(URI base) throws IOException {
    HttpConnection c = new HttpConnection(base);
    c.connect();
    return c;
  }

  /**
   * Sends a request and reads its whole response. A failure closes the connection; the next call
   * opens a new one. Nothing is retried: a benchmark must see every error.
   */
  public HttpResponse send(Request request) throws IOException {
    fresh();
    try {
      out.write(request.head());
      if (request.body() != null) {
        out.write(request.body());
      }
      out.flush();
      Head head = Head.read(in);
      byte[] body = readBody(head, request.method());
      if (head.closes()) {
        close();
      }
      lastUsed = System.nanoTime();
      return new HttpResponse(head.status(), head.headers(), body);
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
  }

  /**
   * Replaces the connection now if it has been idle too long or was closed, as the next {@link
   * #send} would: a timed window calls this first, so that reconnecting is not what it times.
   */
  public void fresh() throws IOException {
    if (socket != null && System.nanoTime() - lastUsed > REOPEN_AFTER_IDLE_NANOS) {
      close();
    }
    if (socket == null) {
      connect();
    }
  }

  private byte[] readBody(Head head, String method) throws IOException {
    if (method.equals("HEAD") || head.status() == 204 || head.status() == 304) {
      return new byte[0];
    }
    if (head.chunked()) {
      return bounded(new ChunkedIn(in));
    }
    long length = head.contentLength();
    if (length >= 0) {
      if (length > MAX_BODY) {
        throw new IOException("response body of " + length + " bytes is over " + MAX_BODY);
      }
      byte[] body = new byte[(int) length];
      in.readFully(body);
      return body;
    }
    byte[] body = bounded(in);
    close();
    return body;
  }

  private static byte[] bounded(InputStream body) throws IOException {
    byte[] bytes = body.readNBytes(MAX_BODY + 1);
    if (bytes.length > MAX_BODY) {
      throw new IOException("response body over " + MAX_BODY + " bytes");
    }
    return bytes;
  }

  private void connect() throws IOException {
    Socket s = new Socket();
    s.setTcpNoDelay(true);
    s.connect(new InetSocketAddress(base.getHost(), base.getPort()), CONNECT_TIMEOUT_MS);
    socket = s;
    lastUsed = System.nanoTime();
    in = new WireIn(s.getInputStream(), 16 * 1024);
    out = new java.io.BufferedOutputStream(s.getOutputStream(), 16 * 1024);
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // Closing a socket that already failed: nothing left to release.
      }
      socket = null;
    }
  }
}
