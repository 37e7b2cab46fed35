package io.kxm.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.mcp.InMemoryHub;
import io.kxm.mcp.McpServerOptions;
import io.kxm.testkit.hostile.Hostile;
import io.kxm.testkit.hostile.HostileMcp;
import io.kxm.testkit.hostile.HostileMcp.Input;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;

/**
 * Generated hostile MCP traffic through one stdio server, fed through pipes as a client's process
 * would feed it: every answer is a JSON-RPC message without a stack trace, no server error is
 * returned for a client's mistake, a refused call changes nothing, and the server still answers a
 * ping after each input.
 */
class HostileStdioTest {
  private static final Duration ANSWER = Duration.ofSeconds(30);
  private static final List<String> PEERS = List.of("bob", "carol");
  private static final AtomicLong IDS = new AtomicLong();

  private static InMemoryHub hub;
  private static StdioMcpServer server;
  private static Thread serving;
  private static OutputStream toServer;
  private static final BlockingQueue<String> fromServer = new LinkedBlockingQueue<>();

  @BeforeContainer
  static void start() throws IOException {
    hub = new InMemoryHub(PEERS.toArray(String[]::new));
    Pipe in = Pipe.open();
    Pipe out = Pipe.open();
    server =
        StdioMcpServer.builder(hub.as("alice"), McpServerOptions.defaults("test"))
            .streams(Channels.newInputStream(in.source()), Channels.newOutputStream(out.sink()))
            .drainTimeout(Duration.ofSeconds(5))
            .build();
    serving =
        Thread.ofPlatform()
            .name("stdio-server")
            .start(() -> {
              try {
                server.run();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    toServer = Channels.newOutputStream(in.sink());
    Thread.ofPlatform()
        .daemon()
        .name("stdio-reader")
        .start(() -> {
          try (BufferedReader reader =
              new BufferedReader(
                  new InputStreamReader(
                      Channels.newInputStream(out.source()), StandardCharsets.UTF_8))) {
            reader.lines().forEach(fromServer::add);
          } catch (IOException | UncheckedIOException e) {
            // the pipe closed with the server
          }
        });
    send(
        HostileMcp.request(
            "\"init\"",
            "initialize",
            "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"hostile\",\"version\":\"1\"}}"));
    awaitAnswers(List.of("init"));
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      String id = "last";
      send(HostileMcp.request("\"" + id + "\"", "tools/list", "{}"));
      JsonNode tools = awaitAnswers(List.of(id)).get(id);
      assertThat(tools.path("result").path("tools").size()).isGreaterThan(0);
      assertThat(serving.isAlive()).isTrue();
    } finally {
      toServer.close();
      server.close();
      serving.join(Duration.ofSeconds(30));
    }
  }

  @Provide
  Arbitrary<Input> inputs() {
    return HostileMcp.inputs(PEERS);
  }

  @Property(tries = Hostile.TRIES)
  void hostile_traffic_gets_protocol_answers_and_a_refusal_changes_nothing(
      @ForAll("inputs") Input input) {
    List<String> before = hub.snapshot();
    String id = "h" + IDS.incrementAndGet();
    send(input.text().replace(HostileMcp.ID, "\"" + id + "\""));
    String ping = "p" + IDS.incrementAndGet();
    send(HostileMcp.request("\"" + ping + "\"", "ping", "{}"));

    List<String> awaited = input.answered() ? List.of(id, ping) : List.of(ping);
    Map<String, JsonNode> answers = awaitAnswers(awaited);

    assertThat(answers.get(ping).path("result").isObject()).as("ping answered").isTrue();
    if (input.answered()) {
      JsonNode answer = answers.get(id);
      if (input.callsTool()) {
        assertThat(answer.path("error").isMissingNode())
            .as("a tool call is answered with a result, never a JSON-RPC error: %s", answer)
            .isTrue();
        boolean refused = answer.path("result").path("isError").asBoolean(false);
        String text = answer.path("result").path("content").path(0).path("text").asString("");
        assertThat(text).as("tool result").doesNotStartWith("internal");
        if (refused) {
          // every refusal, schema failures included, starts with the hub's code
          assertThat(text).as("a refusal names its code").matches("(?s)[a-z_]+: .*");
        }
        boolean changes = ToolCatalog.standard().find(input.tool()).orElseThrow().changesState();
        if (refused || !changes) {
          assertThat(hub.snapshot()).as("state after %s: %s", input.tool(), text).isEqualTo(before);
        }
      }
    }
  }

  private static void send(String line) {
    try {
      // One message per line: a raw newline inside generated garbage just makes two lines.
      toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      toServer.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads answers until each of {@code ids} has one; checks every line read on the way, including
   * late answers to earlier inputs.
   */
  private static Map<String, JsonNode> awaitAnswers(List<String> ids) {
    Map<String, JsonNode> found = new HashMap<>();
    List<String> seen = new ArrayList<>();
    long deadline = System.nanoTime() + ANSWER.toNanos();
    while (!found.keySet().containsAll(ids)) {
      String line;
      try {
        line = fromServer.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
      assertThat(line).as("an answer to %s within %s; seen %s", ids, ANSWER, seen).isNotNull();
      seen.add(line);
      Hostile.assertNoStackTrace("stdio answer", line);
      JsonNode message = Json.read(line);
      assertThat(message.path("jsonrpc").asString("")).as(line).isEqualTo("2.0");
      JsonNode error = message.path("error");
      if (!error.isMissingNode()) {
        // -32603 is the server's own failure: the 5xx of JSON-RPC
        assertThat(error.path("code").asInt()).as(line).isNotEqualTo(-32603);
      }
      JsonNode id = message.get("id");
      if (id != null && id.isString()) {
        found.put(id.asString(), message);
      }
    }
    return found;
  }
}
