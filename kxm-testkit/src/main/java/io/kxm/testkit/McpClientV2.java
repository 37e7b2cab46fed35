package io.kxm.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.tool.ToolCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The official MCP TypeScript client of major version 2 ({@code @modelcontextprotocol/client}), run
 * by {@code mcp/client-v2.mjs} against a hub, and what its report must show: negotiating, it speaks
 * 2026-07-28 as agent {@code client-modern} and hears a request sent to it on a {@code
 * subscriptions/listen}; in its default mode, 2025-11-25 as {@code client-legacy}. Both list the
 * tools, call one as their agent, and get a tool's refusal as a result.
 */
public final class McpClientV2 {
  private McpClientV2() {}

  /**
   * Runs the client in {@code dir}; {@code env} names the hub ({@code HUB}, {@code TOKEN}), the
   * sender of the pushed request ({@code BOB_ID}, {@code BOB_KEY}) and, for stdio, {@code
   * KXM_COMMAND} and {@code KXM_AGENT_ENV}.
   */
  public static JsonNode run(Path dir, Map<String, String> env)
      throws IOException, InterruptedException {
    Map<String, String> all = new HashMap<>(env);
    all.put("MCP_CLIENT", AgentClis.npmPackage("@modelcontextprotocol/client").toString());
    return NodeScript.run(dir, "mcp/client-v2.mjs", all);
  }

  /** Asserts what both sessions of one report must show. */
  public static void assertBothRevisions(JsonNode report) {
    assertSession(report.path("modern"), "2026-07-28", "client-modern");
    JsonNode pushed = report.path("modern").path("pushed");
    assertThat(pushed.path("honored").toString())
        .isEqualTo("{\"resourceSubscriptions\":[\"kxm://inbox\"]}");
    assertThat(pushed.path("updates").toString())
        .as("the arrival was told on the listen")
        .isEqualTo("[\"kxm://inbox\"]");
    assertThat(pushed.path("inboxHasIt").asBoolean()).isTrue();
    assertSession(report.path("legacy"), "2025-11-25", "client-legacy");
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
