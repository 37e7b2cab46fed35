package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubServer;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.ToolSpecifications;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm mcp} as a real child process, driven by the SDK's stdio client, against the hub as
 * {@code kxm hub start} assembles it; a second agent talks to it through {@code kxm peer}.
 */
class McpStdioEndToEndTest {
  @TempDir static Path dir;
  static HubServer hub;
  static McpSyncClient alice;
  static final List<McpSchema.LoggingMessageNotification> pushed = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void start() {
    hub = RealHub.start(dir.resolve("hub"));
    alice = connect("alice", pushed);
  }

  @AfterAll
  static void stop() {
    if (alice != null) {
      alice.close();
    }
    hub.stop();
  }

  static McpSyncClient connect(String name, List<McpSchema.LoggingMessageNotification> notices) {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), name);
    env.put("KXM_AGENT_PURPOSE", "answers review requests");
    ServerParameters process =
        ServerParameters.builder(ChildKxm.java()).args(ChildKxm.arguments("mcp")).env(env).build();
    McpSyncClient client =
        McpClient.sync(new StdioClientTransport(process, McpJson.mapper()))
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(60))
            .loggingConsumer(notices::add)
            .build();
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

  @Test
  void tools_list_over_kxm_mcp_equals_the_catalog() {
    assertThat(Json.write(alice.listTools().tools()))
        .isEqualTo(
            Json.write(
                ToolCatalog.standard().tools().stream()
                    .map(ToolSpecifications::describe)
                    .toList()));
  }

  @Test
  void a_request_from_another_agent_is_pushed_listed_and_answered() {
    String id =
        cli("bob", "peer", "send", "--target", "alice", "--content", "please review PR 9", "--json")
            .path("messageId")
            .asString();

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() ->
            pushed.stream()
                .anyMatch(n ->
                    InboundNotices.LOGGER.equals(n.logger())
                        && Json.read(n.data()).path("message").path("id").asString().equals(id)));
    JsonNode inbox = call(alice, "kxm_inbox", Map.of()).path("messages");
    JsonNode reply = call(alice, "kxm_reply", Map.of("messageId", id, "content", "approved"));
    JsonNode seenBySender = cli("bob", "peer", "get", "--message-id", id, "--json");

    assertThat(inbox.findValuesAsString("id")).contains(id);
    assertThat(reply.path("status").asString()).isEqualTo("replied");
    assertThat(seenBySender.path("reply").asString()).isEqualTo("approved");
  }

  @Test
  void the_mcp_agent_is_present_and_can_reach_an_agent_that_is_offline() {
    cli("carol", "peer", "list", "--json");

    JsonNode agents = call(alice, "kxm_list", Map.of("includeOffline", true)).path("agents");
    JsonNode sent =
        call(alice, "kxm_send", Map.of("target", "carol", "content", "ping", "allowOffline", true));
    JsonNode carolsInbox = cli("carol", "peer", "inbox", "--json").path("messages");

    assertThat(agents.findValuesAsString("name")).contains("alice", "carol");
    assertThat(carolsInbox.findValuesAsString("id")).contains(sent.path("messageId").asString());
  }

  @Test
  void closing_the_client_ends_the_process_and_its_presence() {
    McpSyncClient dora = connect("dora", new CopyOnWriteArrayList<>());
    assertThat(call(dora, "kxm_list", Map.of()).path("agents").findValuesAsString("name"))
        .contains("dora");

    dora.close();

    // The presence lease is 60 s: seeing dora offline well before it shows the process ended its
    // presence on exit. 45 s leaves room for a loaded CI machine to stop the child JVM.
    await()
        .atMost(Duration.ofSeconds(45))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> {
          JsonNode agents =
              cli("erin", "peer", "list", "--include-offline", "--json").path("agents");
          for (JsonNode agent : agents) {
            if (agent.path("name").asString().equals("dora")) {
              return !agent.path("presence").asString().equals("online");
            }
          }
          return false;
        });
  }
}
