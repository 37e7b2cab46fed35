package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * Sixteen agents each reserving a path of their own and releasing it, over and over, each call
 * waiting for its answer: reserve-and-release pairs per second. A pair is two write transactions
 * (each takes the project's token row and reads every live reservation), so it is reported beside
 * raw single-row commits on the same store.
 */
public final class ReserveScenario implements Scenario {
  static final int AGENTS = 16;

  @Override
  public String name() {
    return "reserve-release";
  }

  @Override
  public String title() {
    return "reserve and release, " + AGENTS + " agents over HTTP, SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("pairs/s", "sqlite-commits", "commits/s", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Load load;

      @Override
      public String what() {
        return "hub reserve then release of one glob, " + AGENTS + " agents, one project";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("pairs/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        HubSource.SQLITE.get(run);
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(HubSource.SQLITE.get(run));
        List<Agent> agents = new ArrayList<>();
        try (HttpConnection c = HttpConnection.open(client.base())) {
          for (int i = 0; i < AGENTS; i++) {
            agents.add(client.register(c, "reserver-" + i, "reserves in the benchmark"));
          }
        }
        load =
            Load.open(
                AGENTS,
                i -> {
                  Agent agent = agents.get(i);
                  Request reserve = client.reserveRequest(agent, "area-" + i + "/**");
                  HttpConnection connection = HttpConnection.open(client.base());
                  return new Load.Worker() {
                    @Override
                    public void once() throws Exception {
                      String id = HubClient.reservationId(connection.send(reserve));
                      connection.send(client.releaseRequest(agent, id)).expect(200, "release");
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
