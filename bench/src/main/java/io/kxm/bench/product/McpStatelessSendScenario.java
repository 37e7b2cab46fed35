package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
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
    return new Measure() {
      private Load load;

      @Override
      public String what() {
        return "hub /mcp stateless tools/call kxm_send, " + CLIENTS + " agents, one recipient";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("calls/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        HubSource.SQLITE.get(run);
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(HubSource.SQLITE.get(run));
        try (HttpConnection c = HttpConnection.open(client.base())) {
          client.register(c, "mcp-recipient", "receives the benchmark's MCP sends");
        }
        load =
            Load.open(
                CLIENTS,
                i -> {
                  HttpConnection connection = HttpConnection.open(client.base());
                  // encoded once: the same call each time, each a new durable request
                  var call =
                      client.mcpStatelessSendRequest("mcp-sender-" + i, "mcp-recipient", CONTENT);
                  return new Load.Worker() {
                    @Override
                    public void once() throws Exception {
                      String answer = connection.send(call).expect(200, "MCP tools/call").text();
                      // a tool's refusal is a result too: only a stored send counts
                      if (!answer.contains("messageId")) {
                        throw new IllegalStateException("MCP kxm_send refused: " + answer);
                      }
                    }

                    @Override
                    public void ready() throws Exception {
                      connection.fresh();
                    }

                    @Override
                    public void close() {
                      connection.close();
                    }
                  };
                });
        load.perSecond(run.warmup());
      }

      @Override
      public double[] once(Run run) throws Exception {
        return new double[] {load.perSecond(run.window())};
      }

      @Override
      public void close() {
        if (load != null) {
          load.close();
        }
      }
    };
  }
}
