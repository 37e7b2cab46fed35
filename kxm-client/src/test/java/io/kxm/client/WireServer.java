package io.kxm.client;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * Scripted HTTP answers for tests of the client's wire handling (paths, headers, bodies, error
 * envelopes, stream resumption). It plays no part of the hub's logic; end-to-end behaviour is
 * tested against the real hub in the CLI module.
 */
final class WireServer implements AutoCloseable {
  /** One request as received. */
  record Seen(String method, String pathAndQuery, Map<String, List<String>> headers, String body) {
    String header(String name) {
      List<String> values = headers.get(name);
      return values == null || values.isEmpty() ? null : values.getFirst();
    }
  }

  /** Answers one request. */
  @FunctionalInterface
  interface Responder {
    void respond(HttpExchange exchange) throws IOException;
  }

  private final HttpServer server;
  private final Map<String, Responder> routes = new ConcurrentHashMap<>();
  final List<Seen> seen = new CopyOnWriteArrayList<>();

  WireServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", this::dispatch);
    server.start();
  }

  URI base() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** Answers {@code method path} (path without query) with a fixed JSON body. */
  WireServer json(String method, String path, int status, String body) {
    return on(method, path, exchange -> send(exchange, status, body));
  }

  WireServer on(String method, String path, Responder responder) {
    routes.put(method + " " + path, responder);
    return this;
  }

  static void send(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private void dispatch(HttpExchange exchange) throws IOException {
    URI uri = exchange.getRequestURI();
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, List<String>> headers = new ConcurrentHashMap<>();
    exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), values));
    String pathAndQuery =
        uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    seen.add(new Seen(exchange.getRequestMethod(), pathAndQuery, headers, body));
    Responder responder = routes.get(exchange.getRequestMethod() + " " + uri.getRawPath());
    if (responder == null) {
      send(exchange, 404, "{\"error\":{\"code\":\"not_found\",\"message\":\"no route\"}}");
    } else {
      responder.respond(exchange);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
