package io.kxm.hub.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** One kept-alive HTTP/1.1 connection driven by hand, to send a request on an open connection. */
public final class RawHttp implements AutoCloseable {
  private final Socket socket;
  private final BufferedReader in;

  public RawHttp(int port) {
    try {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(20_000);
      in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends {@code GET path} and reads the answer. */
  public String get(String path) {
    send(path);
    return read();
  }

  /** Writes {@code GET path} without waiting for the answer. */
  public void send(String path) {
    sendRaw("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  }

  /** Writes {@code request} as given, malformed or not. */
  public void sendRaw(String request) {
    try {
      socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads one response: status line and headers, a blank line, then a Content-Length body. */
  public String read() {
    try {
      StringBuilder head = new StringBuilder();
      int length = 0;
      for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
        head.append(line).append('\n');
        if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(line.substring("content-length:".length()).trim());
        }
      }
      char[] body = new char[length];
      int read = 0;
      while (read < length) {
        int n = in.read(body, read, length - read);
        if (n < 0) {
          break;
        }
        read += n;
      }
      return head + "\n" + new String(body, 0, read);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
