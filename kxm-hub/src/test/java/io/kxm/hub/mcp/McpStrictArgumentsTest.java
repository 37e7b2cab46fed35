package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Tool calls over /mcp of the hub as the CLI assembles it, with the SDK's own client: arguments
 * that break the input schema get the hub's code and next step, and stored journal text comes back
 * redacted alike from every tool that shows it.
 */
class McpStrictArgumentsTest {
  @TempDir static Path dir;
  static HubServer hub;

  private record Answer(boolean error, String text) {
    JsonNode json() {
      return Json.read(text);
    }
  }

  @BeforeAll
  static void start() {
    Path project = dir.resolve("project");
    Workflows.define(project.resolve(".kxm/webhooks"));
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    env.putAll(Workflows.secrets());
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, project), env);
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void content_past_its_limit_gets_the_hubs_code_and_next_step_not_the_sdks_text() {
    try (McpSyncClient alice = client("alice")) {
      client("bob").close();

      Answer answer =
          call(alice, "kxm_send", Map.of("target", "bob", "content", "x".repeat(32_001)));

      assertThat(answer.error()).isTrue();
      assertThat(answer.text())
          .startsWith(
              "value_too_long: content is 32,001 characters, limit 32,000; shorten it or send a"
                  + " reference");
    }
  }

  @Test
  void unknown_arguments_and_wrong_types_get_the_hubs_codes_naming_the_parameter() {
    try (McpSyncClient alice = client("alice")) {
      Answer unknown = call(alice, "kxm_list", Map.of("includeOffline", true, "verbose", true));
      Answer wrongType =
          call(alice, "kxm_send", Map.of("target", "bob", "content", "hi", "ttlMs", "5000"));
      Answer nested =
          call(
              alice,
              "kxm_send",
              Map.of("target", "bob", "content", "hi", "workflowContext", Map.of("runId", 7)));

      assertThat(unknown.text())
          .startsWith("unknown_field: verbose is not a parameter of kxm_list");
      assertThat(wrongType.text())
          .startsWith("invalid_type: ttlMs must be a whole number, got a string");
      assertThat(nested.text())
          .startsWith("invalid_type: workflowContext.runId must be a string, got a whole number");
      assertThat(List.of(unknown, wrongType, nested)).allMatch(Answer::error);
    }
  }

  @Test
  void a_credential_in_journal_evidence_is_redacted_by_kxm_episode_and_the_improvement_report() {
    String secret = "sk-" + "a1B2c3D4e5F6g7H8i9J0k1L2";
    Http.Response started =
        Workflows.start(
            new Http(hub.baseUrl()), "redact-1", "{\"version\":\"1.0\"}", Instant.now());
    assertThat(started.status()).as(started.body()).isEqualTo(201);
    String runId = started.json().path("runId").asString();

    try (McpSyncClient lead = client("lead")) {
      Answer recorded =
          call(
              lead,
              "kxm_workflow_record",
              Map.of(
                  "runId",
                  runId,
                  "category",
                  "error",
                  "area",
                  "implementation",
                  "severity",
                  "error",
                  "summary",
                  "deploy failed with OPENAI_API_KEY=" + secret,
                  "details",
                  "the log said Bearer " + secret,
                  "evidence",
                  List.of("curl -H 'x-api-key: " + secret + "'", "key " + secret)));
      assertThat(recorded.error()).as(recorded.text()).isFalse();

      Answer episodes = call(lead, "kxm_episode", Map.of("workflowRunId", runId));
      Answer report = call(lead, "kxm_improvement_report", Map.of());
      Answer run = call(lead, "kxm_workflow_get", Map.of("runId", runId));

      assertThat(episodes.error()).as(episodes.text()).isFalse();
      JsonNode episode = episodes.json().path("episodes").path(0);
      assertThat(episode.path("evidence").size()).isEqualTo(2);
      assertThat(episode.path("summary").asString()).contains("[REDACTED]");
      for (Answer answer : List.of(episodes, report, run)) {
        assertThat(answer.error()).as(answer.text()).isFalse();
        assertThat(answer.text()).doesNotContain(secret).contains("[REDACTED]");
      }
      assertThat(episode.path("evidence").toString()).doesNotContain(secret);
    }
  }

  private static Answer call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    McpSchema.CallToolResult result =
        client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
    return new Answer(
        Boolean.TRUE.equals(result.isError()),
        ((McpSchema.TextContent) result.content().getFirst()).text());
  }

  private static McpSyncClient client(String agent) {
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(hub.baseUrl())
                    .endpoint("/mcp")
                    .requestBuilder(
                        HttpRequest.newBuilder()
                            .header("Authorization", "Bearer " + TestHubs.ALPHA)
                            .header("X-KXM-Agent-Name", agent))
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    client.initialize();
    return client;
  }
}
