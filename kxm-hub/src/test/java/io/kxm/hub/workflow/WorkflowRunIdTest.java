package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * New webhook workflow runs are {@code wfr_…}; a store written when they were {@code run_…} keeps
 * answering those ids over HTTP and /mcp, with no rewrite of its data.
 */
class WorkflowRunIdTest {
  @TempDir Path dir;

  @Test
  void new_runs_are_wfr_and_a_stored_run_id_still_answers_over_http_and_mcp() throws Exception {
    Path project = dir.resolve("project");
    Workflows.define(project.resolve(".kxm/webhooks"));
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA);
    env.putAll(Workflows.secrets());
    HubConfig config = HubConfig.fromEnvironment(env, project);
    String current;
    String stored;

    try (HubServer hub = HubAssembly.start(config, env)) {
      Http http = new Http(hub.baseUrl());
      register(http, "lead");
      current = start(http, "current-1");
      stored = start(http, "stored-1");
    }
    assertThat(List.of(current, stored)).allSatisfy(id -> assertThat(id).startsWith("wfr_"));
    String legacy = "run_" + stored.substring("wfr_".length());
    renameRun(project.resolve(".kxm/state/kxm.db"), stored, legacy);

    try (HubServer hub = HubAssembly.start(config, env);
        McpSyncClient session = mcp(hub, "lead")) {
      // Same agent as the MCP session; a fresh key for its HTTP calls.
      AgentClient coordinator = register(new Http(hub.baseUrl()), "lead");

      Http.Response read = coordinator.get("/workflows/runs/" + legacy);
      assertThat(read.status()).as(read.body()).isEqualTo(200);
      assertThat(read.json().path("run").path("id").asString()).isEqualTo(legacy);

      McpSchema.CallToolResult got =
          session.callTool(
              McpSchema.CallToolRequest.builder("kxm_workflow_get")
                  .arguments(Map.of("runId", legacy))
                  .build());
      String text = ((McpSchema.TextContent) got.content().getFirst()).text();
      assertThat(got.isError()).as(text).isNotEqualTo(Boolean.TRUE);
      assertThat(Json.read(text).path("run").path("id").asString()).isEqualTo(legacy);

      Http.Response checkpoint =
          coordinator.post(
              "/workflows/runs/" + legacy + "/checkpoint",
              Json.write(
                  Map.of(
                      "stageId", "implement",
                      "status", "passed",
                      "summary", "unit tests green",
                      "evidence", Map.of("unit tests", "12 passed"))));
      assertThat(checkpoint.status()).as(checkpoint.body()).isEqualTo(200);
      JsonNode moved = checkpoint.json().path("run");
      assertThat(moved.path("id").asString()).isEqualTo(legacy);
      assertThat(moved.path("currentStage").asString()).isEqualTo("review");

      Http.Response listed = coordinator.get("/workflows/runs");
      List<String> ids = new ArrayList<>();
      listed.json().path("runs").forEach(run -> ids.add(run.path("id").asString()));
      assertThat(ids).containsExactlyInAnyOrder(current, legacy);
    }
  }

  private static String start(Http http, String delivery) {
    Http.Response started =
        Workflows.start(http, delivery, "{\"version\":\"1.0.0\"}", Instant.now());
    assertThat(started.status()).as(started.body()).isEqualTo(201);
    return started.json().path("runId").asString();
  }

  /** Gives a stored run the id an earlier hub would have minted for it. */
  private static void renameRun(Path database, String from, String to) throws Exception {
    try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + database)) {
      db.setAutoCommit(false);
      for (String sql :
          List.of(
              "PRAGMA defer_foreign_keys = ON",
              "UPDATE workflow_runs SET id = ? WHERE id = ?",
              "UPDATE workflow_run_events SET run_id = ? WHERE run_id = ?",
              "UPDATE workflow_journal SET run_id = ? WHERE run_id = ?")) {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
          if (sql.contains("?")) {
            statement.setString(1, to);
            statement.setString(2, from);
          }
          statement.executeUpdate();
        }
      }
      db.commit();
    }
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
}
