package io.kxm.bench.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * A loopback peer that answers each request with exactly the bytes a test queues, so the client's
 * parsing is checked against the raw wire format.
 */
final class FakePeer implements AutoCloseable {
  private static final byte[] CLOSE = new byte[0];
  private final ServerSocket server;
  private final BlockingQueue<byte[]> writes = new LinkedBlockingQueue<>();
  private final BlockingQueue<String> requests = new LinkedBlockingQueue<>();
  private final java.util.List<Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();

  FakePeer() throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread.startVirtualThread(this::serve);
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + server.getLocalPort());
  }

  /** Queues bytes to write to the client, in order. */
  FakePeer write(String text) {
    writes.add(text.getBytes(StandardCharsets.UTF_8));
    return this;
  }

  /** Ends the response stream after what was queued before; the request side stays readable. */
  FakePeer hangUp() {
    writes.add(CLOSE);
    return this;
  }

  /** The next request head the client sent, blocking until there is one. */
  String nextRequest() throws InterruptedException {
    return requests.take();
  }

  private void serve() {
    try {
      while (true) {
        Socket s = server.accept();
        sockets.add(s);
        Thread.startVirtualThread(() -> readRequests(s));
        OutputStream out = s.getOutputStream();
        while (true) {
          byte[] w = writes.take();
          if (w == CLOSE) {
            s.shutdownOutput();
            break;
          }
          out.write(w);
          out.flush();
        }
      }
    } catch (IOException | InterruptedException e) {
      // Closed by the test.
    }
  }

  private void readRequests(Socket s) {
    try {
      InputStream in = s.getInputStream();
      StringBuilder head = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0) {
        head.append((char) c);
        if (head.toString().endsWith("\r\n\r\n")) {
          String h = head.toString();
          int at = h.toLowerCase().indexOf("content-length:");
          if (at >= 0) {
            int end = h.indexOf("\r\n", at);
            in.readNBytes(Integer.parseInt(h.substring(at + 15, end).trim()));
          }
          requests.add(h);
          head.setLength(0);
        }
      }
    } catch (IOException e) {
      // The connection ended.
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket s : sockets) {
      s.close();
    }
  }
}
