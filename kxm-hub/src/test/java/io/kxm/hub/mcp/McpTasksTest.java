package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.NodeScript;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * MCP tasks on the hub's /mcp with the official TypeScript client: {@code kxm_await} created as a
 * task, polled while it waits, completed by the peer's reply with the tool's result; another
 * cancelled while it waits; refusals for what is no task.
 */
class McpTasksTest {

  @Test
  void the_official_client_runs_kxm_await_as_a_task_polls_it_and_cancels_another()
      throws Exception {
    Path sdk = AgentClis.npmPackage("@modelcontextprotocol/sdk");
    Path dir = Files.createTempDirectory("kxm-mcp-tasks");
    try (HubServer hub = HubAssembly.start(TestHubs.withTokens(dir), Map.of())) {
      AgentKey bob = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA).register("alpha", "bob");

      JsonNode report =
          NodeScript.run(
              dir,
              "mcp/tasks-client.mjs",
              Map.of(
                  "MCP_SDK", sdk.toString(),
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestHubs.ALPHA,
                  "BOB_ID", bob.id(),
                  "BOB_KEY", bob.key()));

      assertThat(report.path("capability").path("requests").path("tools").has("call")).isTrue();
      assertThat(report.path("taskTools").toString()).isEqualTo("[\"kxm_await\",\"kxm_fanout\"]");
      assertThat(report.path("stream").toString())
          .as("created, polled while working, then completed and its result fetched")
          .startsWith("[\"taskCreated:working\",\"taskStatus:working\"")
          .endsWith("\"taskStatus:completed\",\"result\"]");
      assertThat(report.path("error").isMissingNode()).as(report.toString()).isTrue();
      assertThat(report.path("result").path("status").asString()).isEqualTo("replied");
      assertThat(report.path("result").path("reply").asString()).isEqualTo("Looks right.");
      assertThat(report.path("relatedTask").asString()).startsWith("task_");

      assertThat(report.path("created").asString()).isEqualTo("working");
      assertThat(report.path("polled").asString()).isEqualTo("working");
      assertThat(report.path("cancelled").asString()).isEqualTo("cancelled");
      assertThat(report.path("afterCancel").asString()).isEqualTo("cancelled");
      assertThat(report.path("listed").toString()).isEqualTo("[\"completed\",\"cancelled\"]");
      assertThat(report.path("cancelAgain").asString()).contains("-32602").contains("cancelled");
      assertThat(report.path("unknown").asString()).contains("-32602");
      assertThat(report.path("notTaskTool").asString()).contains("does not run as a task");
    }
  }
}
