package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Scenario;
import java.util.List;

/**
 * Sixteen agents, each an MCP client of revision 2026-07-28 on the shared SQLite hub, calling
 * {@code kxm_send} with {@code tools/call} on {@code /mcp}: no session, each request naming its
 * agent and version. Each call is a durable send, so it is reported beside the bare POST that
 * {@code durable-send-sqlite} is measured against; the gap between the two is what the MCP layer
 * costs.
 */
public final class McpStatelessSendScenario implements Scenario {
  static final int CLIENTS = 16;
  private static final String CONTENT = "x".repeat(500);

  @Override
  public String name() {
    return "mcp-stateless-send";
  }

  @Override
  public String title() {
    return "MCP 2026-07-28 tools/call kxm_send, " + CLIENTS + " agents, SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("calls/s", "bare-post", "requests/s", null));
  }

  @Override
  public Measure product() {
    return new RequestRate(
        "hub /mcp stateless tools/call kxm_send, " + CLIENTS + " agents, one recipient",
        "calls/s",
        CLIENTS,
        (client, c) -> {
          client.register(c, "mcp-recipient", "receives the benchmark's MCP sends");
          return (connection, i, n) -> {
            // the same call each time, each a new durable request
            String text =
                connection
                    .send(
                        client.mcpStatelessSendRequest("mcp-sender-" + i, "mcp-recipient", CONTENT))
                    .expect(200, "MCP tools/call")
                    .text();
            // a tool's refusal is a result too: only a stored send counts
            if (!text.contains("messageId")) {
              throw new IllegalStateException("MCP kxm_send refused: " + text);
            }
          };
        });
  }
}
