package io.kxm.bench.client;

import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A server-sent event stream read from a plain socket, one per virtual thread. {@link #skip()}
 * counts events without decoding them (fan-out runs read a thousand streams at once); {@link
 * #next()} decodes them, both through the one {@link SseReader}, whose caps on lines and events
 * keep a hostile peer from exhausting memory.
 */
public final class SseStream implements AutoCloseable {
  private static final int MAX_LINE = 1024 * 1024;
  private static final int MAX_EVENT = 16 * 1024 * 1024;

  private final Socket socket;
  private final SseReader reader;

  private SseStream(Socket socket, InputStream body, int bufferSize) {
    this.socket = socket;
    this.reader = new SseReader(body, MAX_LINE, MAX_EVENT, bufferSize);
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
    return open(base, streamHeaders(headers), bufferSize, receiveBuffer, null, path);
  }

  /**
   * A stream that a POST of {@code json} opens, such as an MCP {@code subscriptions/listen}: the
   * answer is an event stream when it succeeds.
   */
  public static SseStream post(
      URI base, String path, Map<String, String> headers, String json, int bufferSize)
      throws IOException {
    return open(base, streamHeaders(headers), bufferSize, 0, json, path);
  }

  private static Map<String, String> streamHeaders(Map<String, String> headers) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("Accept", "text/event-stream");
    all.put("Cache-Control", "no-cache");
    all.putAll(headers);
    return all;
  }

  private static SseStream open(
      URI base,
      Map<String, String> all,
      int bufferSize,
      int receiveBuffer,
      String json,
      String path)
      throws IOException {
    Socket s = new Socket();
    try {
      if (receiveBuffer > 0) {
        s.setReceiveBufferSize(receiveBuffer);
      }
      s.setTcpNoDelay(true);
      s.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
      Request request =
          json == null ? Request.get(base, path, all) : Request.postJson(base, path, all, json);
      s.getOutputStream().write(request.head());
      if (request.body() != null) {
        s.getOutputStream().write(request.body());
      }
      s.getOutputStream().flush();
      WireIn in = new WireIn(s.getInputStream(), Math.min(bufferSize, 4096));
      Head head = Head.read(in);
      if (head.status() != 200) {
        byte[] start = in.readNBytes(300);
        throw new IOException(
            request.method()
                + " "
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
    return reader.skip();
  }

  /** The next event with data, decoded; null when the stream ended. */
  public SseFrame next() throws IOException {
    for (SseFrame frame = reader.next(); frame != null; frame = reader.next()) {
      if (frame.data() != null) {
        return frame;
      }
    }
    return null;
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
