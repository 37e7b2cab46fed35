package io.kxm.hub.console;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/** Another site on loopback (another port, so another origin) serving one attacker's page. */
final class ForeignSite implements AutoCloseable {
  private final HttpServer server;

  private ForeignSite(HttpServer server) {
    this.server = server;
  }

  static ForeignSite serving(String html) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
      server.createContext(
          "/",
          exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
          });
      server.start();
      return new ForeignSite(server);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
