package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import java.util.List;

/**
 * The product side of a scenario in which clients of the shared SQLite hub, each on a connection of
 * its own, repeat one operation as fast as the hub answers: operations done per second, each answer
 * checked, so that only what the hub did counts.
 */
final class RequestRate implements Measure {
  /**
   * Prepares the hub before the load (registers the agents the operation needs, say) on {@code
   * connection}, and returns the operation.
   */
  @FunctionalInterface
  interface Workload {
    Operation prepare(HubClient client, HttpConnection connection) throws Exception;
  }

  /**
   * The {@code n}th operation of client {@code i}, on its connection; throws when it was not done.
   */
  @FunctionalInterface
  interface Operation {
    void once(HttpConnection connection, int i, long n) throws Exception;
  }

  private final String what;
  private final String unit;
  private final int clients;
  private final Workload workload;
  private Load load;

  RequestRate(String what, String unit, int clients, Workload workload) {
    this.what = what;
    this.unit = unit;
    this.clients = clients;
    this.workload = workload;
  }

  @Override
  public String what() {
    return what;
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate(unit));
  }

  @Override
  public void setup(Run run) throws Exception {
    HubSource.SQLITE.get(run);
  }

  @Override
  public void prepare(Run run) throws Exception {
    HubClient client = new HubClient(HubSource.SQLITE.get(run));
    Operation operation;
    try (HttpConnection c = HttpConnection.open(client.base())) {
      operation = workload.prepare(client, c);
    }
    load =
        Load.open(
            clients,
            i -> {
              HttpConnection connection = HttpConnection.open(client.base());
              return new Load.Worker() {
                private long sent;

                @Override
                public void once() throws Exception {
                  operation.once(connection, i, sent++);
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
}
