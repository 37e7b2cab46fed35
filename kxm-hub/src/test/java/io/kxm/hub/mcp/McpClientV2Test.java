package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.NodeScript;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.AgentClis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The official TypeScript client of major version 2 ({@code @modelcontextprotocol/client}) against
 * the hub's /mcp with its default negotiation. The hub serves revision 2025-11-25, not 2026-07-28,
 * so the client's {@code server/discover} probe is refused and it falls back to {@code initialize};
 * this test pins that it does, and that tools list and call.
 */
class McpClientV2Test {

  @Test
  void the_version_two_client_falls_back_to_2025_11_25_and_lists_and_calls_tools()
      throws Exception {
    Path client = AgentClis.npmPackage("@modelcontextprotocol/client");
    Path dir = Files.createTempDirectory("kxm-mcp-client-v2");
    try (HubServer hub = HubAssembly.start(TestHubs.withTokens(dir), Map.of())) {
      JsonNode report =
          NodeScript.run(
              dir,
              "mcp/client-v2.mjs",
              Map.of(
                  "MCP_CLIENT", client.toString(),
                  "HUB", hub.baseUrl(),
                  "TOKEN", TestHubs.ALPHA));

      assertThat(report.path("protocolVersion").asString()).isEqualTo("2025-11-25");
      assertThat(report.path("tools").asInt()).isEqualTo(ToolCatalog.standard().tools().size());
      assertThat(report.path("listIsError").asBoolean()).as(report.toString()).isFalse();
      assertThat(report.path("listText").asString()).contains("client-v2");
    }
  }
}
