package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.tool.ToolCatalog;
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
 * The official TypeScript client of major version 2 ({@code @modelcontextprotocol/client}) against
 * the hub's /mcp: negotiating ({@code mode: 'auto'}) it finds 2026-07-28 through {@code
 * server/discover} and works statelessly; in its default legacy mode it initializes a 2025-11-25
 * session. Both list the tools, call one as their agent, and get a tool's refusal as a result; on
 * 2026-07-28 a request that arrives is pushed on a {@code subscriptions/listen} stream and read
 * from {@code kxm://inbox}.
 */
class McpClientV2Test {

  @Test
  void the_version_two_client_speaks_2026_07_28_when_it_negotiates_and_2025_11_25_by_default()
      throws Exception {
    Path client = AgentClis.npmPackage("@modelcontextprotocol/client");
    Path dir = Files.createTempDirectory("kxm-mcp-client-v2");
    try (HubServer hub = HubAssembly.start(TestHubs.withTokens(dir), Map.of())) {
      AgentKey bob = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA).register("alpha", "bob");
      JsonNode report =
          NodeScript.run(
              dir,
              "mcp/client-v2.mjs",
              Map.of(
                  "MCP_CLIENT", client.toString(),
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestHubs.ALPHA,
                  "BOB_ID", bob.id(),
                  "BOB_KEY", bob.key()));

      assertSession(report.path("modern"), "2026-07-28", "client-modern");
      JsonNode pushed = report.path("modern").path("pushed");
      assertThat(pushed.path("honored").toString())
          .isEqualTo("{\"resourceSubscriptions\":[\"kxm://inbox\"]}");
      assertThat(pushed.path("updates").toString())
          .as("the arrival was pushed on the listen stream")
          .isEqualTo("[\"kxm://inbox\"]");
      assertThat(pushed.path("inboxHasIt").asBoolean()).isTrue();
      assertSession(report.path("legacy"), "2025-11-25", "client-legacy");
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
