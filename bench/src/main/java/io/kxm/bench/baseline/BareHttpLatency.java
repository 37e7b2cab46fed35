package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.List;
import java.util.Map;

/**
 * One client posting a send-sized body and waiting for the answer, one request at a time: the
 * loopback round trip that send-to-delivery and full round-trip latencies are compared with.
 */
public final class BareHttpLatency implements Measure {
  private HttpConnection connection;
  private Request request;

  @Override
  public String what() {
    return "bare Jetty request/response on loopback, 1 client, "
        + Payloads.SEND_BYTES
        + "-byte POST";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.millis("p50"), Metric.millis("p99"));
  }

  @Override
  public void setup(Run run) throws Exception {
    BareServerProcess.shared(run); // starts alongside the other setups
  }

  @Override
  public void prepare(Run run) throws Exception {
    BareServerProcess server = BareServerProcess.shared(run);
    connection = HttpConnection.open(server.base());
    request =
        Request.postJson(
            server.base(), "/post", Map.of(), Payloads.sendJson("sink", Payloads.SEND_BYTES));
    Latencies.sample(run.size(2_000, 10_000), this::roundTrip);
  }

  @Override
  public double[] once(Run run) throws Exception {
    Latencies l = Latencies.sample(run.size(2_000, 10_000), this::roundTrip);
    return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
  }

  private void roundTrip() throws Exception {
    connection.send(request).expect(201, "POST /post");
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.close();
    }
  }
}
