package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.Request;
import java.util.List;
import java.util.Map;

/**
 * One client asking the bare server's model for its fixed streamed answer and reading all of it:
 * the cost of one model call on loopback with nothing of ours around it.
 */
public final class BareModelStream implements Measure {
  static final String REQUEST =
      "{\"model\":\"claude-bench\",\"max_tokens\":64,\"stream\":true,"
          + "\"messages\":[{\"role\":\"user\",\"content\":\"say done\"}]}";

  private HttpConnection connection;
  private Request request;

  @Override
  public String what() {
    return "bare Jetty streaming a fixed Anthropic Messages answer, 1 client, whole stream read";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.millis("p50"), Metric.millis("p99"));
  }

  @Override
  public void setup(Run run) throws Exception {
    BareServerProcess.shared(run);
  }

  @Override
  public void prepare(Run run) throws Exception {
    BareServerProcess server = BareServerProcess.shared(run);
    connection = HttpConnection.open(server.base());
    request = Request.postJson(server.base(), "/v1/messages", Map.of(), REQUEST);
    Latencies.sample(run.size(500, 2_000), this::call);
  }

  @Override
  public double[] once(Run run) throws Exception {
    Latencies l = Latencies.sample(run.size(500, 2_000), this::call);
    return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
  }

  private void call() throws Exception {
    if (connection.send(request).expect(200, "POST /v1/messages").body().length == 0) {
      throw new IllegalStateException("the bare model answered an empty stream");
    }
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.close();
    }
  }
}
