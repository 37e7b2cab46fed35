package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm mcp --channel} as Claude Code sees it, at the protocol level: a real child process
 * driven by the official MCP client over stdio, against a real hub. Claude Code itself opens a
 * channel only for an Anthropic account with the feature on (see docs/claude-code-plugin.md), so
 * the notification is checked here, on the wire, and honest delivery with it: a push leaves the
 * request queued until a tool reads it.
 */
class McpChannelTest {
  @TempDir static Path dir;
  static HubServer hub;
  final List<McpSyncClient> clients = new ArrayList<>();

  @BeforeAll
  static void start() {
    hub = RealHub.start(dir.resolve("hub"));
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @AfterEach
  void close() {
    clients.forEach(McpSyncClient::close);
  }

  /**
   * The lines the server wrote to stdout, copied by {@code tee} on their way to the client: the SDK
   * client has no handler for a notification it does not know, so the test reads them here.
   */
  record Tap(Path file) {
    List<JsonNode> notifications(String method) {
      try {
        if (!Files.exists(file)) {
          return List.of();
        }
        return Files.readAllLines(file).stream()
            .filter(line -> line.startsWith("{"))
            .map(Json::read)
            .filter(m -> !m.has("id") && method.equals(m.path("method").asString("")))
            .map(m -> m.path("params"))
            .toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  Tap tap(String name) {
    return new Tap(dir.resolve("tap-" + name + "-" + System.nanoTime() + ".jsonl"));
  }

  McpSyncClient connect(String name, Tap seen) {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), name);
    List<String> args = new ArrayList<>(List.of("-c", "\"$@\" | tee -a \"$KXM_TEST_TAP\"", "sh"));
    args.add(ChildKxm.java());
    args.addAll(ChildKxm.arguments("mcp", "--channel"));
    env.put("KXM_TEST_TAP", seen.file().toString());
    env.put("PATH", "/usr/bin:/bin");
    ServerParameters process = ServerParameters.builder("/bin/sh").args(args).env(env).build();
    McpSyncClient client =
        McpClient.sync(new StdioClientTransport(process, McpJson.mapper()))
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    clients.add(client);
    client.initialize();
    return client;
  }

  static JsonNode call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    String text = ((McpSchema.TextContent) result.content().getFirst()).text();
    assertThat(result.isError()).as(text).isFalse();
    return Json.read(text);
  }

  static JsonNode cli(String agent, String... args) {
    CliRun.Result result = CliRun.run(TestEnv.agent(dir, hub.baseUrl(), agent), dir, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  static String send(String from, String to, String content) {
    return cli(
            from, "peer", "send", "--target", to, "--content", content, "--allow-offline", "--json")
        .path("messageId")
        .asString();
  }

  static String status(String asker, String messageId) {
    return cli(asker, "peer", "get", "--message-id", messageId, "--json").path("status").asString();
  }

  /** The channel events seen so far for {@code messageId}, as JSON params. */
  static List<JsonNode> channelEvents(Tap seen, String messageId) {
    return seen.notifications(InboundNotices.CHANNEL_METHOD).stream()
        .filter(p -> p.path("meta").path("message_id").asString("").equals(messageId))
        .toList();
  }

  static JsonNode awaitChannelEvent(Tap seen, String messageId) {
    await().atMost(Duration.ofSeconds(30)).until(() -> !channelEvents(seen, messageId).isEmpty());
    return channelEvents(seen, messageId).getFirst();
  }

  @Test
  void the_server_declares_the_claude_channel_capability_and_says_how_to_answer() {
    McpSyncClient alice = connect("alice", tap("alice"));

    McpSchema.ServerCapabilities capabilities = alice.getServerCapabilities();

    assertThat(capabilities.experimental()).containsKey(InboundNotices.CHANNEL_CAPABILITY);
    assertThat(alice.getCurrentInitializationResult().instructions())
        .contains("kxm_reply messageId=<message_id>");
  }

  @Test
  void a_channel_event_stays_queued_until_read_and_the_reply_reaches_the_sender() {
    Tap seen = tap("nina");
    McpSyncClient nina = connect("nina", seen);

    String id = send("bob", "nina", "please review PR 9\nthe retry part first");
    JsonNode event = awaitChannelEvent(seen, id);

    assertThat(event.path("content").asString())
        .isEqualTo("please review PR 9\nthe retry part first");
    JsonNode meta = event.path("meta");
    assertThat(meta.path("sender").asString()).isEqualTo("bob");
    assertThat(meta.path("message_id").asString()).isEqualTo(id);
    assertThat(meta.path("reply_hint").asString())
        .isEqualTo("answer with kxm_reply messageId=" + id);
    assertThat(meta.has("correlation_id")).isFalse();
    meta.propertyNames().forEach(key -> assertThat(key).matches("[A-Za-z0-9_]+"));
    assertThat(seen.notifications(McpSchema.METHOD_NOTIFICATION_MESSAGE)).isEmpty();
    assertThat(status("bob", id)).as("a push is not a delivery").isEqualTo("queued");

    JsonNode read = call(nina, "kxm_get", Map.of("messageId", id));

    assertThat(read.path("status").asString()).isEqualTo("delivered");
    assertThat(status("bob", id)).isEqualTo("delivered");

    JsonNode reply = call(nina, "kxm_reply", Map.of("messageId", id, "content", "approved"));

    assertThat(reply.path("status").asString()).isEqualTo("replied");
    assertThat(cli("bob", "peer", "get", "--message-id", id, "--json").path("reply").asString())
        .isEqualTo("approved");
  }

  @Test
  void kxm_inbox_acknowledges_the_queued_requests_it_returns_and_the_inbox_resource_does_not() {
    Tap seen = tap("olga");
    McpSyncClient olga = connect("olga", seen);
    String id = send("bob", "olga", "what changed in the store?");
    awaitChannelEvent(seen, id);
    McpSchema.ReadResourceResult listed =
        olga.readResource(McpSchema.ReadResourceRequest.builder("kxm://inbox").build());
    assertThat(Json.write(listed.contents())).contains(id);
    assertThat(status("bob", id)).as("a client's own read of kxm://inbox").isEqualTo("queued");

    JsonNode inbox = call(olga, "kxm_inbox", Map.of()).path("messages");

    assertThat(inbox.findValuesAsString("id")).contains(id);
    assertThat(inbox.get(0).path("status").asString()).isEqualTo("delivered");
    assertThat(status("bob", id)).isEqualTo("delivered");
  }

  @Test
  void a_correlation_id_travels_in_the_channel_meta() {
    Tap seen = tap("quinn");
    connect("quinn", seen);

    String id =
        cli(
                "bob",
                "peer",
                "send",
                "--target",
                "quinn",
                "--content",
                "step 2 of the migration",
                "--correlation-id",
                "migration-7",
                "--json")
            .path("messageId")
            .asString();

    assertThat(awaitChannelEvent(seen, id).path("meta").path("correlation_id").asString())
        .isEqualTo("migration-7");
  }

  @Test
  void a_request_sent_while_away_or_pushed_but_unread_is_pushed_again_at_the_next_start() {
    cli("pia", "peer", "list", "--json");
    String whileDown = send("bob", "pia", "sent while pia was away");
    assertThat(status("bob", whileDown)).isEqualTo("queued");

    Tap first = tap("pia");
    McpSyncClient pia = connect("pia", first);
    awaitChannelEvent(first, whileDown);
    String unread = send("bob", "pia", "pushed but never read");
    awaitChannelEvent(first, unread);
    pia.close();
    clients.remove(pia);

    assertThat(status("bob", whileDown)).isEqualTo("queued");
    assertThat(status("bob", unread)).isEqualTo("queued");

    Tap second = tap("pia");
    McpSyncClient again = connect("pia", second);

    assertThat(awaitChannelEvent(second, whileDown).path("content").asString())
        .isEqualTo("sent while pia was away");
    assertThat(awaitChannelEvent(second, unread).path("content").asString())
        .isEqualTo("pushed but never read");
    assertThat(call(again, "kxm_inbox", Map.of()).path("messages").findValuesAsString("id"))
        .contains(whileDown, unread);
  }
}
