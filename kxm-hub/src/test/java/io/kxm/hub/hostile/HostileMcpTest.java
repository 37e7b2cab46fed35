package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import io.kxm.testkit.hostile.HostileMcp;
import io.kxm.testkit.hostile.HostileMcp.Input;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;

/**
 * Generated hostile MCP traffic against {@code /mcp} of a real hub, inside a session and without
 * one: never a 5xx, never a stack trace, a refused tool call leaves the recipient's inbox as it
 * was, and the session still answers {@code ping} afterwards.
 */
class HostileMcpTest {
  private static final AtomicLong IDS = new AtomicLong();
  private static HostileHub hub;
  private static String session;

  /** How a generated message reaches the endpoint. */
  enum Session {
    /** In the session opened before the first try. */
    OPEN,
    /** With no session header. */
    NONE,
    /** With a session id the hub never issued. */
    UNKNOWN
  }

  @BeforeContainer
  static void start() {
    hub = HostileHub.start();
    HttpResponse<String> initialized =
        post(
            null,
            HostileMcp.request(
                "\"init\"",
                "initialize",
                "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}"));
    assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
    session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    HttpResponse<String> ready =
        post(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    assertThat(ready.statusCode()).isLessThan(300);
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      JsonNode pong = answer(post(session, HostileMcp.request("\"last\"", "tools/list", "{}")));
      assertThat(pong.path("result").path("tools").size())
          .isEqualTo(ToolCatalog.standard().tools().size());
      assertThat(hub.health()).isEqualTo(200);
    } finally {
      hub.close();
    }
  }

  @Provide
  Arbitrary<Input> inputs() {
    return HostileMcp.inputs(List.of("bob"));
  }

  @Provide
  Arbitrary<Session> sessions() {
    return Arbitraries.frequency(
        net.jqwik.api.Tuple.of(6, Session.OPEN),
        net.jqwik.api.Tuple.of(2, Session.NONE),
        net.jqwik.api.Tuple.of(1, Session.UNKNOWN));
  }

  @Property(tries = Hostile.TRIES)
  void hostile_traffic_never_gets_a_server_error_and_a_refused_call_changes_nothing(
      @ForAll("inputs") Input input, @ForAll("sessions") Session how) {
    if (how == Session.NONE && input.text().contains("\"initialize\"")) {
      // every accepted initialize opens a session that lingers; one in the open session is enough
      how = Session.OPEN;
    }
    String id = "h" + IDS.incrementAndGet();
    String body = input.text().replace(HostileMcp.ID, "\"" + id + "\"");
    List<String> before = input.callsTool() ? hub.bobsInbox() : List.of();
    String sessionId =
        switch (how) {
          case OPEN -> session;
          case NONE -> null;
          case UNKNOWN -> "unknown-" + id;
        };

    HttpResponse<String> response = post(sessionId, body);

    assertThat(response.statusCode())
        .as("%s session, body %s: %s", how, input, response.body())
        .isLessThan(500);
    Hostile.assertNoStackTrace("/mcp answer to " + input, response.body());
    if (how == Session.OPEN && input.callsTool() && response.statusCode() == 200) {
      JsonNode answer = answer(response);
      assertThat(answer.path("error").isMissingNode())
          .as("a tool call is answered with a result: %s", answer)
          .isTrue();
      JsonNode result = answer.path("result");
      String text = result.path("content").path(0).path("text").asString("");
      assertThat(text).doesNotStartWith("internal");
      boolean changes = ToolCatalog.standard().find(input.tool()).orElseThrow().changesState();
      if (result.path("isError").asBoolean(false) || !changes) {
        assertThat(hub.bobsInbox())
            .as("bob's inbox after %s: %s", input.tool(), text)
            .isEqualTo(before);
      }
    } else if (input.callsTool()) {
      assertThat(hub.bobsInbox())
          .as("bob's inbox after a call outside the session")
          .isEqualTo(before);
    }
    if (how != Session.OPEN || response.statusCode() >= 400) {
      // after any refusal the session still works
      JsonNode pong =
          answer(post(session, HostileMcp.request("\"ping-" + id + "\"", "ping", "{}")));
      assertThat(pong.path("result").isObject()).as("ping after %s", input).isTrue();
    }
  }

  private static HttpResponse<String> post(String sessionId, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(java.net.URI.create(hub.url("/mcp")))
            .timeout(java.time.Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + TestHubs.ALPHA)
            .header("X-KXM-Agent-Name", "fuzzer")
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (sessionId != null) {
      request.header("Mcp-Session-Id", sessionId);
    }
    return HostileHub.send(request.build());
  }

  /** The one JSON-RPC message of an answer, sent as plain JSON or as one SSE event. */
  private static JsonNode answer(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    String body = response.body();
    if (response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      try {
        SseFrame frame = new SseReader(sseBytes(body), 1 << 20, 1 << 20).next();
        assertThat(frame).as(body).isNotNull();
        body = frame.data();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return Json.read(body);
  }

  private static InputStream sseBytes(String body) {
    return new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
  }
}
