package io.kxm.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.SendRequest;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.mcp.InMemoryHub;
import io.kxm.mcp.McpServerOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Revision 2026-07-28 over stdio, beside 2025-11-25 in the same process: requests that name the
 * version are answered without {@code initialize}, an unknown version gets the revision's error
 * with the supported list, and a {@code subscriptions/listen} carries arrivals until it is
 * cancelled or stdin ends.
 */
class StdioRevisionTest {
  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

  private final InMemoryHub hub = new InMemoryHub("bob");
  private OutputStream clientOut;
  private BufferedReader clientIn;
  private StdioMcpServer server;
  private Thread serving;

  @BeforeEach
  void start() throws IOException {
    // NIO pipes, unlike piped streams, do not tie either end to the thread that last used it
    Pipe toServer = Pipe.open();
    Pipe fromServer = Pipe.open();
    clientOut = Channels.newOutputStream(toServer.sink());
    InputStream serverIn = Channels.newInputStream(toServer.source());
    OutputStream serverOut = Channels.newOutputStream(fromServer.sink());
    clientIn =
        new BufferedReader(
            new InputStreamReader(
                Channels.newInputStream(fromServer.source()), StandardCharsets.UTF_8));
    server =
        StdioMcpServer.builder(hub.as("alice"), McpServerOptions.defaults("test"))
            .streams(serverIn, serverOut)
            .drainTimeout(Duration.ofSeconds(5))
            .build();
    serving =
        Thread.ofVirtual()
            .start(() -> {
              try {
                server.run();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
    serving.join(Duration.ofSeconds(10));
  }

  @Test
  void discovery_lists_both_revisions_and_a_tool_call_needs_no_initialize() throws Exception {
    send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":{" + META + "}}");
    JsonNode discovered = next();
    send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\",\"params\":{" + META + "}}");
    JsonNode listed = next();
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{"
            + META
            + ",\"name\":\"kxm_send\",\"arguments\":{\"target\":\"bob\",\"content\":\"hi\"}}}");
    JsonNode called = next();

    assertThat(discovered.path("result").path("supportedVersions").toString())
        .isEqualTo("[\"2026-07-28\",\"2025-11-25\"]");
    assertThat(listed.path("result").path("tools").size())
        .isEqualTo(ToolCatalog.standard().tools().size());
    assertThat(listed.path("result").path("ttlMs").asLong()).isPositive();
    assertThat(called.path("id").asInt()).isEqualTo(3);
    assertThat(called.path("result").path("resultType").asString()).isEqualTo("complete");
    assertThat(called.path("result").path("isError").asBoolean()).isFalse();
    assertThat(hub.snapshot()).as("the call acted as alice").isNotEmpty();
  }

  @Test
  void an_unknown_version_is_refused_with_the_supported_list_and_changes_nothing()
      throws Exception {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"_meta\":"
            + "{\"io.modelcontextprotocol/protocolVersion\":\"2027-01-01\"},\"name\":\"kxm_send\","
            + "\"arguments\":{\"target\":\"bob\",\"content\":\"hi\"}}}");
    JsonNode refused = next();

    assertThat(refused.path("id").asInt()).isEqualTo(7);
    assertThat(refused.path("error").path("code").asInt()).isEqualTo(-32022);
    assertThat(refused.path("error").path("data").path("supported").toString())
        .isEqualTo("[\"2026-07-28\",\"2025-11-25\"]");
    assertThat(hub.snapshot()).isEmpty();
  }

  @Test
  void an_envelope_without_capabilities_or_a_removed_method_is_refused() throws Exception {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"server/discover\",\"params\":{\"_meta\":"
            + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}");
    JsonNode noCapabilities = next();
    send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{" + META + "}}");
    JsonNode ping = next();

    assertThat(noCapabilities.path("error").path("code").asInt()).isEqualTo(-32602);
    assertThat(noCapabilities.path("error").path("message").asString())
        .contains("io.modelcontextprotocol/clientCapabilities");
    assertThat(ping.path("id").asInt()).isEqualTo(5);
    assertThat(ping.path("error").path("code").asInt())
        .as("ping is not part of 2026-07-28")
        .isEqualTo(-32601);
  }

  @Test
  void a_listen_hears_each_arrival_until_it_is_cancelled() throws Exception {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":\"listen:1\",\"method\":\"subscriptions/listen\",\"params\":{"
            + META
            + ",\"notifications\":{\"resourceSubscriptions\":[\"kxm://inbox\"]}}}");
    JsonNode acknowledged = next();
    PeerMessage arrived = arrival();

    assertThat(server.notifyRequestArrived(arrived)).isTrue();
    JsonNode updated = next();
    send(
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":"
            + "\"listen:1\"}}");
    send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\",\"params\":{" + META + "}}");
    JsonNode listed = next();

    assertThat(acknowledged.path("method").asString())
        .isEqualTo("notifications/subscriptions/acknowledged");
    assertThat(acknowledged.path("params").path("notifications").toString())
        .isEqualTo("{\"resourceSubscriptions\":[\"kxm://inbox\"]}");
    assertThat(updated.path("method").asString()).isEqualTo("notifications/resources/updated");
    assertThat(updated.path("params").path("uri").asString()).isEqualTo("kxm://inbox");
    assertThat(
            updated
                .path("params")
                .path("_meta")
                .path("io.modelcontextprotocol/subscriptionId")
                .asString())
        .isEqualTo("listen:1");
    assertThat(listed.path("id").asInt())
        .as("nothing came between the cancel and the list")
        .isEqualTo(9);
    assertThat(server.notifyRequestArrived(arrived)).as("no listen is left to tell").isFalse();
  }

  @Test
  void when_stdin_ends_an_open_listen_gets_its_result_before_the_server_stops() throws Exception {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":\"listen:2\",\"method\":\"subscriptions/listen\",\"params\":{"
            + META
            + ",\"notifications\":{\"resourceSubscriptions\":[\"kxm://inbox\"]}}}");
    next(); // acknowledged

    clientOut.close();
    JsonNode ended = next();

    assertThat(ended.path("id").asString()).isEqualTo("listen:2");
    assertThat(ended.path("result").path("resultType").asString()).isEqualTo("complete");
    serving.join(Duration.ofSeconds(10));
    assertThat(serving.isAlive()).isFalse();
  }

  @Test
  void a_2025_11_25_session_in_the_same_process_is_still_served_by_the_sdk() throws Exception {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}");
    JsonNode initialized = next();
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
    JsonNode listed = next();

    assertThat(initialized.path("result").path("protocolVersion").asString())
        .isEqualTo("2025-11-25");
    assertThat(listed.path("result").has("resultType")).as("answered by the SDK").isFalse();
    assertThat(listed.path("result").path("tools").size())
        .isEqualTo(ToolCatalog.standard().tools().size());
  }

  private PeerMessage arrival() {
    String id =
        hub.as("bob")
            .send(new SendRequest("alice", "please look", null, null, null, null, null, false))
            .messageId();
    return hub.message(id);
  }

  private void send(String line) throws IOException {
    clientOut.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    clientOut.flush();
  }

  /** The server's next line, within ten seconds. */
  private JsonNode next() throws Exception {
    var line =
        java.util.concurrent.CompletableFuture.supplyAsync(() -> {
          try {
            return clientIn.readLine();
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
    String text = line.get(10, TimeUnit.SECONDS);
    assertThat(text).as("the server wrote a line").isNotNull();
    return Json.read(text);
  }
}
