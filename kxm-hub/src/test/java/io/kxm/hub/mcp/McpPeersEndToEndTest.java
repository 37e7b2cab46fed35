package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.McpAgents;
import io.kxm.hub.support.TestHubs;
import io.modelcontextprotocol.client.McpSyncClient;
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
 * Two agents talk through /mcp of the hub as the CLI assembles it (real store, real messaging),
 * each with the SDK's own Streamable HTTP client.
 */
class McpPeersEndToEndTest {
  @TempDir static Path dir;
  static HubServer hub;

  @BeforeAll
  static void start() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    // Two sends per agent, then one a minute: no other test here sends more than one.
    env.put("KXM_SEND_RATE_PER_MINUTE", "1");
    env.put("KXM_SEND_BURST", "2");
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void a_request_sent_over_mcp_is_pushed_to_the_recipient_answered_and_awaited() {
    List<McpSchema.LoggingMessageNotification> bobNotices = new CopyOnWriteArrayList<>();
    try (McpSyncClient alice = client("alice", TestHubs.ALPHA, notice -> {});
        McpSyncClient bob = client("bob", TestHubs.ALPHA, bobNotices::add)) {
      JsonNode listed = call(alice, "kxm_list", Map.of());
      assertThat(listed.path("agents").findValuesAsString("name")).contains("alice", "bob");

      JsonNode sent = call(alice, "kxm_send", Map.of("target", "BOB", "content", "review #42"));
      String id = sent.path("messageId").asString();
      assertThat(sent.path("status").asString()).isEqualTo("queued");

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> bobNotices.stream().anyMatch(n -> String.valueOf(n.data()).contains(id)));
      JsonNode inbox = call(bob, "kxm_inbox", Map.of());
      assertThat(inbox.path("messages").findValuesAsString("id")).contains(id);

      JsonNode replied = call(bob, "kxm_reply", Map.of("messageId", id, "content", "looks good"));
      assertThat(replied.path("status").asString()).isEqualTo("replied");

      JsonNode awaited = call(alice, "kxm_await", Map.of("messageId", id, "timeoutMs", 5000));
      assertThat(awaited.path("status").asString()).isEqualTo("replied");
      assertThat(awaited.path("reply").asString()).isEqualTo("looks good");
    }
  }

  @Test
  void a_refusal_reaches_the_model_as_an_error_result_with_its_code() {
    try (McpSyncClient carol = client("carol", TestHubs.ALPHA, notice -> {})) {
      McpSchema.CallToolResult result =
          carol.callTool(
              McpSchema.CallToolRequest.builder("kxm_send")
                  .arguments(Map.of("target", "nobody", "content", "hi"))
                  .build());

      assertThat(result.isError()).isTrue();
      assertThat(text(result)).startsWith("target_not_found:");
    }
  }

  @Test
  void a_send_past_the_rate_limit_is_an_error_result_naming_the_wait() {
    try (McpSyncClient gina = client("gina", TestHubs.ALPHA, notice -> {});
        McpSyncClient hank = client("hank", TestHubs.ALPHA, notice -> {})) {
      call(gina, "kxm_send", Map.of("target", "hank", "content", "one"));
      call(gina, "kxm_send", Map.of("target", "hank", "content", "two"));

      McpSchema.CallToolResult result =
          gina.callTool(
              McpSchema.CallToolRequest.builder("kxm_send")
                  .arguments(Map.of("target", "hank", "content", "three"))
                  .build());

      assertThat(result.isError()).isTrue();
      assertThat(text(result))
          .startsWith("rate_limited: agent gina")
          .containsPattern("retry in \\d+ s")
          .contains("\nSlow down");
      assertThat(call(hank, "kxm_inbox", Map.of()).path("messages")).hasSize(2);
    }
  }

  @Test
  void agents_of_another_project_are_invisible() {
    try (McpSyncClient dave = client("dave", TestHubs.ALPHA, notice -> {});
        McpSyncClient erin = client("erin", TestHubs.BETA, notice -> {})) {
      assertThat(call(erin, "kxm_list", Map.of()).path("agents").findValuesAsString("name"))
          .contains("erin")
          .doesNotContain("dave");
      McpSchema.CallToolResult result =
          erin.callTool(
              McpSchema.CallToolRequest.builder("kxm_send")
                  .arguments(Map.of("target", "dave", "content", "hi"))
                  .build());
      assertThat(text(result)).startsWith("target_not_found:");
    }
  }

  private static McpSyncClient client(
      String agent,
      String token,
      java.util.function.Consumer<McpSchema.LoggingMessageNotification> logs) {
    return McpAgents.connect(hub.baseUrl(), token, agent, logs);
  }

  private static JsonNode call(McpSyncClient client, String tool, Map<String, Object> args) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    assertThat(result.isError()).as(text(result)).isFalse();
    return Json.read(text(result));
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }
}
