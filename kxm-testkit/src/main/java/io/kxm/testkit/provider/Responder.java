package io.kxm.testkit.provider;

import com.sun.net.httpserver.HttpExchange;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** Writes one answer on an exchange: a JSON body, a dialect's error body, or an SSE stream. */
final class Responder {
  private final HttpExchange exchange;
  private final Optional<ApiDialect> dialect;

  Responder(HttpExchange exchange, Optional<ApiDialect> dialect) {
    this.exchange = exchange;
    this.dialect = dialect;
    String requestId = WireIds.next("req_");
    exchange.getResponseHeaders().set("x-request-id", requestId);
    if (anthropic()) {
      exchange.getResponseHeaders().set("request-id", requestId);
    }
  }

  void json(int status, ObjectNode body) throws IOException {
    byte[] bytes = Json.writeBytes(body);
    exchange.getResponseHeaders().set("content-type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  void failure(HttpFailure failure) throws IOException {
    failure
        .retryAfterSeconds()
        .ifPresent(s -> exchange.getResponseHeaders().set("retry-after", Integer.toString(s)));
    json(
        failure.status(),
        anthropic()
            ? AnthropicWire.error(failure.status(), failure.message())
            : ResponsesWire.error(failure.status(), failure.message()));
  }

  /**
   * Streams the events with the turn's delay before each. A cut stops after that many events and
   * drops the connection without ending the chunked body, so the client sees a broken transfer
   * rather than a clean end of stream. (An in-stream error is already the last event given.)
   */
  void stream(List<WireEvent> events, Turn turn) throws IOException {
    exchange.getResponseHeaders().set("content-type", "text/event-stream; charset=utf-8");
    exchange.getResponseHeaders().set("cache-control", "no-cache");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    int sent =
        turn.end() instanceof StreamEnd.Cut cut
            ? Math.min(cut.events(), events.size())
            : events.size();
    for (int i = 0; i < sent; i++) {
      pause(turn);
      out.write(events.get(i).bytes());
      out.flush();
    }
    if (sent < events.size()) {
      throw new StreamCut(sent);
    }
  }

  private boolean anthropic() {
    return dialect.orElse(null) == ApiDialect.ANTHROPIC_MESSAGES
        || exchange.getRequestHeaders().containsKey("anthropic-version");
  }

  private static void pause(Turn turn) throws IOException {
    if (turn.chunkDelay().isZero()) {
      return;
    }
    try {
      // The delay is the scripted model latency, not a wait in a test.
      Thread.sleep(turn.chunkDelay());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("stream interrupted while the provider closes", e);
    }
  }

  /**
   * Thrown out of the handler so the server drops the connection mid-body; closing the exchange
   * instead would end the chunked body cleanly.
   */
  static final class StreamCut extends RuntimeException {
    StreamCut(int events) {
      super("scripted stream cut after " + events + " events", null, false, false);
    }
  }
}
