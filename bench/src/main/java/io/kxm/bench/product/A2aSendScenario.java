package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import java.util.List;

/**
 * Sixteen A2A clients sending {@code SendMessage} to one hub agent's A2A endpoint on the shared
 * SQLite hub, each waiting for its task: tasks created per second. Each is a durable request with
 * its idempotency key, so it is reported beside the bare POST that {@code durable-send-sqlite} is
 * measured against.
 */
public final class A2aSendScenario implements Scenario {
  static final int CLIENTS = 16;
  private static final String CONTENT = "x".repeat(500);

  @Override
  public String name() {
    return "a2a-send";
  }

  @Override
  public String title() {
    return "A2A SendMessage, " + CLIENTS + " clients, SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("tasks/s", "bare-post", "requests/s", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Load load;

      @Override
      public String what() {
        return "hub A2A SendMessage (returnImmediately), " + CLIENTS + " clients, one agent";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("tasks/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        HubSource.SQLITE.get(run);
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(HubSource.SQLITE.get(run));
        try (HttpConnection c = HttpConnection.open(client.base())) {
          client.register(c, "a2a-target", "answers A2A clients in the benchmark");
        }
        load =
            Load.open(
                CLIENTS,
                i -> {
                  HttpConnection connection = HttpConnection.open(client.base());
                  return new Load.Worker() {
                    private long sent;

                    @Override
                    public void once() throws Exception {
                      // a fresh messageId each time: a repeated one is the same task
                      String id = "bench-" + i + "-" + sent++;
                      String answer =
                          connection
                              .send(client.a2aSendRequest("a2a-target", id, CONTENT))
                              .expect(200, "A2A SendMessage")
                              .text();
                      // a JSON-RPC error is answered with 200 too
                      if (!answer.contains("\"result\"")) {
                        throw new IllegalStateException("A2A SendMessage refused: " + answer);
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
