package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.List;
import java.util.Map;

/**
 * Sixteen senders posting a send-sized body to a Jetty endpoint that does nothing with it: what
 * HTTP alone costs, the bar for the hub's send over HTTP.
 */
public final class BarePost implements Measure {
  static final int SENDERS = 16;
  private Request request;
  private Load load;

  @Override
  public String what() {
    return "bare Jetty POST, " + SENDERS + " senders, " + Payloads.SEND_BYTES + "-byte body";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("requests/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    BareServerProcess.shared(run); // starts alongside the other setups
  }

  @Override
  public void prepare(Run run) throws Exception {
    BareServerProcess server = BareServerProcess.shared(run);
    request =
        Request.postJson(
            server.base(), "/post", Map.of(), Payloads.sendJson("sink", Payloads.SEND_BYTES));
    load = Load.open(SENDERS, i -> sender(server));
    load.perSecond(run.warmup());
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {load.perSecond(run.window())};
  }

  private Load.Worker sender(BareServerProcess server) throws Exception {
    HttpConnection c = HttpConnection.open(server.base());
    return new Load.Worker() {
      @Override
      public void once() throws Exception {
        c.send(request).expect(201, "POST /post");
      }

      @Override
      public void close() {
        c.close();
      }
    };
  }

  @Override
  public void close() {
    if (load != null) {
      load.close();
    }
  }
}
