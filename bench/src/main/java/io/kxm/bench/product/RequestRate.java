package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Request;
import java.util.List;

/**
 * The product side of a scenario in which clients of the shared SQLite hub, each on a connection of
 * its own, send one kind of request as fast as the hub answers: requests answered per second, each
 * answer checked, so that only what the hub did counts.
 */
final class RequestRate implements Measure {
  /** Prepares the hub before the load: registers the agent the requests go to, say. */
  @FunctionalInterface
  interface Setup {
    void on(HubClient client, HttpConnection connection) throws Exception;
  }

  /** The {@code n}th request client {@code i} sends. */
  @FunctionalInterface
  interface Calls {
    Request next(HubClient client, int i, long n);
  }

  /** Throws when an answer shows the request was not done. */
  @FunctionalInterface
  interface Check {
    void answer(HttpResponse answer) throws Exception;
  }

  private final String what;
  private final String unit;
  private final int clients;
  private final Setup setup;
  private final Calls calls;
  private final Check check;
  private Load load;

  RequestRate(String what, String unit, int clients, Setup setup, Calls calls, Check check) {
    this.what = what;
    this.unit = unit;
    this.clients = clients;
    this.setup = setup;
    this.calls = calls;
    this.check = check;
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
    try (HttpConnection c = HttpConnection.open(client.base())) {
      setup.on(client, c);
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
                  check.answer(connection.send(calls.next(client, i, sent++)));
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
