package io.kxm.hub.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The five context tools through a real MCP client against the hub as {@code kxm} runs it. */
class ContextMcpTest {
  @TempDir Path dir;

  private record Answer(boolean error, String text) {
    JsonNode json() {
      return Json.read(text);
    }
  }

  private static Answer call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    return new Answer(
        Boolean.TRUE.equals(result.isError()),
        ((McpSchema.TextContent) result.content().getFirst()).text());
  }

  private static McpSyncClient mcp(HubServer hub, String name) {
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(hub.baseUrl())
                    .endpoint("/mcp")
                    .requestBuilder(
                        HttpRequest.newBuilder()
                            .header("Authorization", "Bearer " + TestHubs.ALPHA)
                            .header("X-KXM-Agent-Name", name))
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    client.initialize();
    return client;
  }

  @Test
  void an_agent_reads_context_and_proposes_state_over_mcp_and_an_operator_promotes_it() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    try (HubServer hub = HubAssembly.start(config, env);
        McpSyncClient agent = mcp(hub, "planner-bot")) {
      Http http = new Http(hub.baseUrl());
      Http.Response added =
          http.postJson(
              "/v1/context/items",
              TestHubs.ADMIN,
              Json.write(
                  Map.of(
                      "project", "alpha",
                      "kind", "knowledge",
                      "summary", "The payment service retries webhooks three times",
                      "origin", "git",
                      "authority", "instruction",
                      "confidence", "verified",
                      "sourceRefs", List.of("docs/payments.md"),
                      "createdBy", "ops")));
      assertThat(added.status()).as(added.body()).isEqualTo(201);
      String itemId = added.json().path("item").path("id").asString();

      // The MCP surface serves the catalog's context tools unchanged.
      Map<String, McpSchema.Tool> served = new java.util.HashMap<>();
      agent.listTools().tools().forEach(t -> served.put(t.name(), t));
      for (ToolDefinition tool : ToolCatalog.standard().tools()) {
        if (tool.group() == ToolGroup.CONTEXT) {
          assertThat(served).as(tool.name()).containsKey(tool.name());
          assertThat(Json.write(served.get(tool.name()).inputSchema()))
              .as(tool.name())
              .isEqualTo(Json.write(tool.inputSchema()));
          assertThat(served.get(tool.name()).description()).isEqualTo(tool.description());
        }
      }

      Answer packet =
          call(
              agent,
              "kxm_context",
              Map.of("role", "planner", "task", "change payment webhook retries"));
      assertThat(packet.error()).as(packet.text()).isFalse();
      assertThat(packet.json().path("packet").path("items").findValuesAsString("id"))
          .containsExactly(itemId);
      assertThat(packet.json().path("audit").path("budgetTokens").asInt()).isEqualTo(16_000);

      Answer recall = call(agent, "kxm_recall", Map.of("query", "payment webhooks"));
      assertThat(recall.error()).as(recall.text()).isFalse();
      assertThat(recall.json().path("items").get(0).path("id").asString()).isEqualTo(itemId);
      assertThat(recall.json().path("items").get(0).has("summary")).isFalse();

      Answer episodes = call(agent, "kxm_episode", Map.of());
      assertThat(episodes.error()).as(episodes.text()).isFalse();
      assertThat(episodes.json().path("episodes").isArray()).isTrue();

      Answer proposed =
          call(
              agent,
              "kxm_promote",
              Map.of(
                  "key", "payments.retries",
                  "summary", "three retries, then dead-letter",
                  "authority", "evidence",
                  "confidence", "verified",
                  "evidenceRefs", List.of(itemId)));
      assertThat(proposed.error()).as(proposed.text()).isFalse();
      String proposalId = proposed.json().path("proposalId").asString();
      assertThat(
              call(agent, "kxm_state", Map.of("key", "payments.retries"))
                  .json()
                  .path("state")
                  .isNull())
          .isTrue();

      Http.Response promoted =
          http.postJson(
              "/v1/context/proposals/" + proposalId + "/promote",
              TestHubs.ADMIN,
              Json.write(Map.of("promotedBy", "ops")));
      assertThat(promoted.status()).as(promoted.body()).isEqualTo(200);

      Answer state = call(agent, "kxm_state", Map.of("key", "payments.retries"));
      assertThat(state.json().path("state").path("summary").asString())
          .isEqualTo("three retries, then dead-letter");
      assertThat(state.json().path("state").path("origin").asString()).isEqualTo("peer");

      Answer foreign = call(agent, "kxm_recall", Map.of("project", "beta"));
      assertThat(foreign.error()).isTrue();
      assertThat(foreign.text()).contains("context_isolation_violation");
    }
  }
}
