package io.kxm.bench.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A server-sent event stream read from a plain socket, one per virtual thread. {@link #skip()}
 * counts events without decoding them (fan-out runs read a thousand streams at once); {@link
 * #next()} decodes them. Lines are capped so a hostile peer cannot exhaust memory.
 */
public final class SseStream implements AutoCloseable {
  private static final int MAX_LINE = 1024 * 1024;

  private final Socket socket;
  private final InputStream body;
  private final byte[] buf;
  private int pos;
  private int lim;

  private SseStream(Socket socket, InputStream body, int bufferSize) {
    this.socket = socket;
    this.body = body;
    this.buf = new byte[bufferSize];
  }

  /**
   * Connects, sends the GET and reads the response head. Anything but 200 with an event-stream body
   * is an error that names the status and the start of the body.
   *
   * @param bufferSize read buffer; small for idle connections held by the thousand
   */
  public static SseStream open(URI base, String path, Map<String, String> headers, int bufferSize)
      throws IOException {
    return open(base, path, headers, bufferSize, 0);
  }

  /**
   * Like {@link #open(URI, String, Map, int)}, with the socket's receive buffer set before
   * connecting when {@code receiveBuffer} is positive: a client that reads nothing then holds back
   * only that much, and the server feels it at once.
   */
  public static SseStream open(
      URI base, String path, Map<String, String> headers, int bufferSize, int receiveBuffer)
      throws IOException {
    Socket s = new Socket();
    try {
      if (receiveBuffer > 0) {
        s.setReceiveBufferSize(receiveBuffer);
      }
      s.setTcpNoDelay(true);
      s.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
      Map<String, String> all = new LinkedHashMap<>();
      all.put("Accept", "text/event-stream");
      all.put("Cache-Control", "no-cache");
      all.putAll(headers);
      Request request = Request.get(base, path, all);
      s.getOutputStream().write(request.head());
      s.getOutputStream().flush();
      WireIn in = new WireIn(s.getInputStream(), Math.min(bufferSize, 4096));
      Head head = Head.read(in);
      if (head.status() != 200) {
        byte[] start = in.readNBytes(300);
        throw new IOException(
            "GET "
                + path
                + " answered "
                + head.status()
                + ": "
                + new String(start, StandardCharsets.UTF_8));
      }
      InputStream body = head.chunked() ? new ChunkedIn(in) : in;
      return new SseStream(s, body, bufferSize);
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /** Gives up a read that waits longer than this; zero waits for ever. */
  public SseStream readTimeout(Duration timeout) throws IOException {
    socket.setSoTimeout((int) timeout.toMillis());
    return this;
  }

  /** Reads past the next event that has data; false when the stream ended first. */
  public boolean skip() throws IOException {
    boolean lineStart = true;
    boolean lineEmpty = true;
    boolean sawData = false;
    while (true) {
      if (pos == lim && !fill()) {
        return false;
      }
      byte[] b = buf;
      int p = pos;
      int end = lim;
      while (p < end) {
        byte c = b[p++];
        if (c == '\n') {
          if (lineEmpty && sawData) {
            pos = p;
            return true;
          }
          if (lineEmpty) {
            sawData = false; // a comment-only block, such as a heartbeat
          }
          lineStart = true;
          lineEmpty = true;
        } else if (c != '\r') {
          if (lineStart) {
            sawData |= c == 'd';
            lineStart = false;
          }
          lineEmpty = false;
        }
      }
      pos = p;
    }
  }

  /** The next event with data, decoded; null when the stream ended. */
  public SseEvent next() throws IOException {
    String id = null;
    String type = null;
    StringBuilder data = null;
    while (true) {
      String line = readLine();
      if (line == null) {
        return null;
      }
      if (line.isEmpty()) {
        if (data != null) {
          return new SseEvent(id, type == null ? "message" : type, data.toString());
        }
        id = null;
        type = null;
        continue;
      }
      if (line.charAt(0) == ':') {
        continue;
      }
      int colon = line.indexOf(':');
      String field = colon < 0 ? line : line.substring(0, colon);
      String value = colon < 0 ? "" : line.substring(colon + 1);
      if (value.startsWith(" ")) {
        value = value.substring(1);
      }
      switch (field) {
        case "id" -> id = value;
        case "event" -> type = value;
        case "data" ->
            data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
        default -> {} // retry and unknown fields do not matter to a benchmark
      }
    }
  }

  private String readLine() throws IOException {
    byte[] line = null;
    int n = 0;
    while (true) {
      if (pos == lim && !fill()) {
        if (n == 0) {
          return null;
        }
        throw new EOFException("event stream ended inside a line");
      }
      int start = pos;
      int nl = -1;
      for (int p = pos; p < lim; p++) {
        if (buf[p] == '\n') {
          nl = p;
          break;
        }
      }
      int stop = nl < 0 ? lim : nl;
      int len = stop - start;
      if (n + len > MAX_LINE) {
        throw new IOException("event stream line longer than " + MAX_LINE + " bytes");
      }
      if (line == null) {
        line = new byte[Math.max(128, len)];
      } else if (n + len > line.length) {
        line = Arrays.copyOf(line, Math.max(n + len, line.length * 2));
      }
      System.arraycopy(buf, start, line, n, len);
      n += len;
      pos = nl < 0 ? lim : nl + 1;
      if (nl >= 0) {
        if (n > 0 && line[n - 1] == '\r') {
          n--;
        }
        return new String(line, 0, n, StandardCharsets.UTF_8);
      }
    }
  }

  private boolean fill() throws IOException {
    int n = body.read(buf, 0, buf.length);
    if (n <= 0) {
      return false;
    }
    pos = 0;
    lim = n;
    return true;
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // Already broken; nothing to release.
    }
  }
}
