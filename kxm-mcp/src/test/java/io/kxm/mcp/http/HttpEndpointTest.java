package io.kxm.mcp.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicySource;
import io.kxm.core.policy.ToolPolicy;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.InboxResource;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.ToolSpecifications;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.http.HttpRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class HttpEndpointTest {
  static final TestEndpoints ENDPOINTS = new TestEndpoints();
  static McpHttpEndpoint<String> endpoint;
  static JettyHarness jetty;

  @BeforeAll
  static void start() throws Exception {
    endpoint = ENDPOINTS.open(ActivePolicy.OPEN);
    ActivePolicy readOnly =
        new ActivePolicy.Restricted(
            ToolPolicy.readOnly(),
            new PolicySource(PolicySource.Kind.SESSION_TOKEN, "KXM_SESSION_TOKEN"),
            Instant.now().plus(Duration.ofDays(1)),
            Clock.systemUTC());
    jetty = new JettyHarness().mount("/", endpoint).mount("/ro", ENDPOINTS.open(readOnly)).start();
  }

  @AfterAll
  static void stop() throws Exception {
    jetty.close();
  }

  static McpSyncClient client(String path, String token, String agent) {
    return client(path, token, agent, notice -> {});
  }

  static McpSyncClient client(
      String path,
      String token,
      String agent,
      java.util.function.Consumer<McpSchema.LoggingMessageNotification> logs) {
    HttpRequest.Builder headers =
        HttpRequest.newBuilder()
            .header("Authorization", "Bearer " + token)
            .header("X-KXM-Agent-Name", agent);
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(jetty.baseUrl())
                    .endpoint(path)
                    .requestBuilder(headers)
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(20))
            .loggingConsumer(logs)
            .build();
    client.initialize();
    return client;
  }

  static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
  }

  @Test
  void tools_list_over_http_equals_the_catalog() {
    try (McpSyncClient alice = client("/mcp", "token-a", "alice")) {
      assertThat(Json.write(alice.listTools().tools()))
          .isEqualTo(
              Json.write(
                  ToolCatalog.standard().tools().stream()
                      .map(ToolSpecifications::describe)
                      .toList()));
    }
  }

  @Test
  void each_session_acts_as_the_agent_it_named_at_initialize() {
    try (McpSyncClient dora = client("/mcp", "token-a", "dora");
        McpSyncClient erin = client("/mcp", "token-a", "erin")) {
      CallToolResult sent =
          call(dora, "kxm_send", Map.of("target", "erin", "content", "please review"));
      assertThat(sent.isError()).isFalse();
      JsonNode result = Json.read(text(sent));
      assertThat(result.path("target").asString()).isEqualTo("erin");

      JsonNode inbox = Json.read(text(call(erin, "kxm_inbox", Map.of())));
      assertThat(inbox.path("messages").get(0).path("fromName").asString()).isEqualTo("dora");
      assertThat(inbox.path("messages").get(0).path("id").asString())
          .isEqualTo(result.path("messageId").asString());
      assertThat(Json.read(text(call(dora, "kxm_inbox", Map.of()))).path("messages")).isEmpty();
    }
  }

  @Test
  void a_hub_refusal_becomes_an_error_result_that_starts_with_its_code() {
    try (McpSyncClient alice = client("/mcp", "token-a", "alice")) {
      CallToolResult result = call(alice, "kxm_get", Map.of("messageId", "msg_404"));
      assertThat(result.isError()).isTrue();
      assertThat(text(result)).startsWith("message_not_found: no message msg_404");
    }
  }

  @Test
  void the_tool_policy_is_checked_before_the_call() {
    try (McpSyncClient alice = client("/ro/mcp", "token-a", "alice")) {
      CallToolResult denied = call(alice, "kxm_send", Map.of("target", "bob", "content", "hi"));
      assertThat(denied.isError()).isTrue();
      assertThat(text(denied))
          .startsWith("tool_policy_denied: kxm_send is blocked by the read-only preset");
      assertThat(call(alice, "kxm_list", Map.of()).isError()).isFalse();
    }
  }

  @Test
  void a_push_reaches_only_the_sessions_of_the_named_agent_which_can_then_read_its_inbox() {
    List<McpSchema.LoggingMessageNotification> frankSaw = new CopyOnWriteArrayList<>();
    List<McpSchema.LoggingMessageNotification> ginaSaw = new CopyOnWriteArrayList<>();
    try (McpSyncClient frank = client("/mcp", "token-a", "frank", frankSaw::add);
        McpSyncClient gina = client("/mcp", "token-a", "gina", ginaSaw::add)) {
      JsonNode sent =
          Json.read(text(call(gina, "kxm_send", Map.of("target", "frank", "content", "ping"))));
      String id = sent.path("messageId").asString();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() ->
              endpoint.notifyAgent(
                      "project-a", "FRANK", ENDPOINTS.hubs.get("project-a").message(id))
                  == 1);
      await().atMost(Duration.ofSeconds(10)).until(() -> !frankSaw.isEmpty());
      assertThat(frankSaw.getFirst().logger()).isEqualTo(InboundNotices.LOGGER);
      assertThat(Json.read(frankSaw.getFirst().data()).path("message").path("id").asString())
          .isEqualTo(id);
      assertThat(
              endpoint.notifyAgent(
                  "project-b", "frank", ENDPOINTS.hubs.get("project-a").message(id)))
          .isZero();
      assertThat(ginaSaw).isEmpty();

      McpSchema.ReadResourceResult inbox =
          frank.readResource(McpSchema.ReadResourceRequest.builder(InboxResource.URI).build());
      String listed = ((McpSchema.TextResourceContents) inbox.contents().getFirst()).text();
      assertThat(Json.read(listed).path("messages").get(0).path("id").asString()).isEqualTo(id);
    }
  }
}
