package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A three-stage workflow through the hub as the CLI assembles it: signed start over HTTP, a stage
 * that fails once, a quorum of two peer replies gathered with {@code kxm_fanout} over /mcp and
 * cited as evidence, a wait released by a signed signal, completion, the retrospective on disk, and
 * nothing secret in the database or the logs.
 */
class WebhookWorkflowEndToEndTest {
  private static final String MARKER = "body-only-marker-7f3c";
  private static final String BODY = "{\"version\":\"2.0.0\",\"note\":\"" + MARKER + "\",\"n\":1}";

  @TempDir Path dir;

  @Test
  void a_three_stage_workflow_runs_from_signed_start_to_retrospective_with_no_secret_stored()
      throws Exception {
    Path project = dir.resolve("project");
    Workflows.define(project.resolve(".kxm/webhooks"));
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA);
    env.putAll(Workflows.secrets());
    HubConfig config = HubConfig.fromEnvironment(env, project);
    String runId;

    try (HubServer hub = HubAssembly.start(config, env);
        McpSyncClient leadSession = mcp(hub, "lead")) {
      Http http = new Http(hub.baseUrl());
      // Same agent ID as the MCP session; a fresh key for its HTTP calls.
      AgentClient lead = register(http, "lead");
      AgentClient alice = register(http, "alice");
      AgentClient bob = register(http, "bob");

      Http.Response started = Workflows.start(http, "e2e-1", BODY, Instant.now());
      assertThat(started.status()).as(started.body()).isEqualTo(201);
      runId = started.json().path("runId").asString();

      // implement: fails once, passes on its second attempt
      JsonNode failed = checkpoint(lead, runId, "implement", "failed", Map.of());
      assertThat(failed.path("retry").asBoolean()).as(failed.toString()).isTrue();
      JsonNode passed =
          checkpoint(
              lead,
              runId,
              "implement",
              "passed",
              Map.of("evidence", Map.of("Unit  Tests ", "118 passed")));
      assertThat(passed.path("run").path("currentStage").asString()).isEqualTo("review");

      // review: two reviewers asked over /mcp with kxm_fanout, their replies cited
      // The fanout returns at once with both requests pending; the reviewers answer afterwards.
      List<String> replies =
          fanout(leadSession, runId).path("responses").findValuesAsString("messageId");
      replyToEvidenceRequest(alice, "approve: alice");
      replyToEvidenceRequest(bob, "approve: bob");
      assertThat(replies).hasSize(2);
      JsonNode reviewed =
          checkpoint(
              lead,
              runId,
              "review",
              "passed",
              Map.of("evidenceRefs", Map.of("review", Map.of("messageIds", replies))));
      assertThat(reviewed.path("run").path("currentStage").asString())
          .as(reviewed.toString())
          .isEqualTo("ci");

      // ci: parked on a signal, the turn settled by a reply, released by a signed signal
      // over /mcp: the coordinator's own workflow tool
      McpSchema.CallToolResult waited =
          leadSession.callTool(
              McpSchema.CallToolRequest.builder("kxm_workflow_wait")
                  .arguments(
                      Map.of(
                          "runId", runId,
                          "stageId", "ci",
                          "signalKey", "ci-main-42",
                          "summary", "CI on main"))
                  .build());
      String waitedText = ((McpSchema.TextContent) waited.content().getFirst()).text();
      assertThat(Json.read(waitedText).path("run").path("status").asString())
          .as(waitedText)
          .isEqualTo("waiting");
      lead.reply(promptOf(lead, runId), "waiting for CI");
      assertThat(runOf(lead, runId).path("status").asString()).isEqualTo("waiting");

      Http.Response signal =
          Workflows.signal(
              http,
              runId,
              "ci-delivery-1",
              Map.of(
                  "signalKey", "ci-main-42", "status", "passed", "evidence", Map.of("ci", "green")),
              Instant.now());
      assertThat(signal.status()).as(signal.body()).isEqualTo(200);
      assertThat(runOf(lead, runId).path("status").asString()).isEqualTo("completed");

      Path retrospectives = project.resolve(".kxm/assets/retrospectives");
      for (String file : List.of(runId + ".json", runId + ".md")) {
        Path written = retrospectives.resolve(file);
        assertThat(written).exists();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(written)))
            .isEqualTo("rw-------");
        assertThat(Files.readString(written)).doesNotContain("approve: alice", MARKER);
      }
    }

    Path database = project.resolve(".kxm/state/kxm.db");
    String stored = contents(database) + contents(Path.of(database + "-wal"));
    String logs = contentsUnder(dir.resolve("logs"));
    for (String haystack : List.of(stored, logs)) {
      assertThat(haystack)
          .doesNotContain(Workflows.START_SECRET, Workflows.SIGNAL_SECRET, BODY, MARKER);
    }
    assertThat(stored).contains(sha256(BODY));
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

  private static JsonNode fanout(McpSyncClient lead, String runId) {
    Map<String, Object> arguments = new LinkedHashMap<>();
    arguments.put("targets", List.of("alice", "bob"));
    arguments.put("content", "Review the release diff; reply approve or reject.");
    arguments.put(
        "workflowContext",
        Map.of("runId", runId, "stageId", "review", "requirementKey", "review", "attempt", 1));
    arguments.put("timeoutMs", 100);
    McpSchema.CallToolResult result =
        lead.callTool(McpSchema.CallToolRequest.builder("kxm_fanout").arguments(arguments).build());
    String text = ((McpSchema.TextContent) result.content().getFirst()).text();
    assertThat(result.isError()).as(text).isNotEqualTo(Boolean.TRUE);
    return Json.read(text);
  }

  private static void replyToEvidenceRequest(AgentClient reviewer, String answer) {
    String[] id = new String[1];
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> {
          JsonNode messages = reviewer.inbox().json().path("messages");
          for (JsonNode message : messages) {
            if (!message.path("workflowContext").isMissingNode()
                && !message.path("workflowContext").isNull()) {
              id[0] = message.path("id").asString();
              return true;
            }
          }
          return false;
        });
    Http.Response replied = reviewer.reply(id[0], answer);
    assertThat(replied.status()).as(replied.body()).isEqualTo(200);
  }

  private static AgentClient register(Http http, String name) {
    Http.Response response =
        http.postJson(
            "/v1/projects/alpha/agents", TestHubs.ALPHA, Json.write(Map.of("name", name)));
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    JsonNode body = response.json();
    return new AgentClient(
        http,
        TestHubs.ALPHA,
        body.path("agentId").asString(),
        body.path("agentKey").asString(),
        name);
  }

  private static JsonNode checkpoint(
      AgentClient lead, String runId, String stage, String status, Map<String, ?> more) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("stageId", stage);
    body.put("status", status);
    body.put("summary", stage + " " + status);
    body.putAll(more);
    Http.Response response =
        lead.post("/workflows/runs/" + runId + "/checkpoint", Json.write(body));
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json();
  }

  private static JsonNode runOf(AgentClient lead, String runId) {
    return lead.get("/workflows/runs/" + runId).json().path("run");
  }

  private static String promptOf(AgentClient lead, String runId) {
    for (JsonNode message : lead.inbox().json().path("messages")) {
      if (message.path("content").asString().contains(runId)) {
        return message.path("id").asString();
      }
    }
    throw new AssertionError("no prompt for " + runId);
  }

  private static String contents(Path file) throws IOException {
    return Files.exists(file)
        ? new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1)
        : "";
  }

  private static String contentsUnder(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return "";
    }
    StringBuilder all = new StringBuilder();
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        all.append(contents(file));
      }
    }
    return all.toString();
  }

  private static String sha256(String text) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }
}
