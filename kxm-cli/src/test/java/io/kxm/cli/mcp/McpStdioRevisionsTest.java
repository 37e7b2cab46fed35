package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubServer;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.NodeScript;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm mcp} as a real child process, driven over stdio by the official TypeScript client of
 * major version 2 ({@code @modelcontextprotocol/client}): negotiating, it finds 2026-07-28 through
 * {@code server/discover} and works without initialize, hearing a request that arrives on a {@code
 * subscriptions/listen}; in its default legacy mode it initializes a 2025-11-25 session.
 */
class McpStdioRevisionsTest {
  @TempDir Path dir;

  @Test
  void the_version_two_client_speaks_both_revisions_to_kxm_mcp_over_stdio() throws Exception {
    Path client = AgentClis.npmPackage("@modelcontextprotocol/client");
    try (HubServer hub = RealHub.start(dir.resolve("hub"))) {
      AgentKey bob = new PlainHubClient(hub.baseUrl(), TestEnv.ALPHA).register("alpha", "bob");
      List<String> command = new ArrayList<>(List.of(ChildKxm.java()));
      command.addAll(ChildKxm.arguments("mcp"));
      Map<String, String> agent = TestEnv.agent(dir, hub.baseUrl(), "unnamed");
      agent.remove("KXM_AGENT_NAME");

      JsonNode report =
          NodeScript.run(
              dir,
              "mcp/stdio-client-v2.mjs",
              Map.of(
                  "MCP_CLIENT", client.toString(),
                  "KXM_COMMAND", Json.write(command),
                  "KXM_AGENT_ENV", Json.write(agent),
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestEnv.ALPHA,
                  "BOB_ID", bob.id(),
                  "BOB_KEY", bob.key()));

      assertSession(report.path("modern"), "2026-07-28", "stdio-modern");
      JsonNode pushed = report.path("modern").path("pushed");
      assertThat(pushed.path("honored").toString())
          .isEqualTo("{\"resourceSubscriptions\":[\"kxm://inbox\"]}");
      assertThat(pushed.path("updates").toString())
          .as("the arrival was told on the listen")
          .isEqualTo("[\"kxm://inbox\"]");
      assertThat(pushed.path("inboxHasIt").asBoolean()).isTrue();
      assertSession(report.path("legacy"), "2025-11-25", "stdio-legacy");
    }
  }

  private static void assertSession(JsonNode session, String version, String agent) {
    assertThat(session.path("protocolVersion").asString())
        .as(session.toString())
        .isEqualTo(version);
    assertThat(session.path("tools").asInt()).isEqualTo(ToolCatalog.standard().tools().size());
    assertThat(session.path("listIsError").asBoolean()).as(session.toString()).isFalse();
    assertThat(session.path("listText").asString()).contains(agent);
    assertThat(session.path("refusal").asString()).isEqualTo("target_not_found");
  }
}
