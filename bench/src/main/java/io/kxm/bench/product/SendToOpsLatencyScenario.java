package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One agent sends to one recipient, one message at a time: the time from the start of the send to
 * its {@code message.sent} entry on the project's operations stream ({@code GET /v1/ops/events}),
 * against a bare HTTP round trip on loopback, as {@code send-to-sse-latency} measures the
 * recipient's own stream.
 */
public final class SendToOpsLatencyScenario implements Scenario {
  private final HubSource hub;

  public SendToOpsLatencyScenario() {
    this(HubSource.SQLITE);
  }

  public SendToOpsLatencyScenario(HubSource hub) {
    this.hub = hub;
  }

  @Override
  public String name() {
    return "send-to-ops-latency";
  }

  @Override
  public String title() {
    return "send to its operations entry, one reader, " + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-http-latency", "p50", Target.atMost(3.0)),
        new Comparison("p99", "bare-http-latency", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final Arrivals arrivals = new Arrivals();
      private HttpConnection connection;
      private SseStream ops;
      private volatile boolean closing;
      private Request send;

      @Override
      public String what() {
        return "hub send until its message.sent on the ops stream, 1 sender";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("p50"), Metric.millis("p99"));
      }

      @Override
      public void setup(Run run) throws Exception {
        hub.get(run); // the shared hub starts alongside the other setups
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(hub.get(run));
        connection = HttpConnection.open(client.base());
        Agent sender = client.register(connection, "latency-sender", "sends one at a time");
        Agent recipient = client.register(connection, "latency-recipient", "receives");
        ops =
            SseStream.open(
                client.base(),
                "/v1/ops/events?after=" + client.opsSeq(connection),
                client.projectAuthorization(),
                16 * 1024);
        Thread.ofVirtual().name("ops-reader").start(this::read);
        send =
            client.sendRequest(
                sender, recipient.name(), Payloads.content(Payloads.SEND_BYTES - 40));
        sample(run.size(300, 1_000));
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = sample(run.size(500, 3_000));
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      private Latencies sample(int count) throws Exception {
        Latencies l = new Latencies(count);
        for (int i = 0; i < count; i++) {
          long t0 = System.nanoTime();
          String id = HubClient.messageId(connection.send(send));
          l.add(arrivals.await(id) - t0);
        }
        return l;
      }

      private void read() {
        try {
          for (SseFrame frame = ops.next(); frame != null; frame = ops.next()) {
            long arrived = System.nanoTime();
            JsonNode entry = JsonMapper.shared().readTree(frame.data());
            if ("message.sent".equals(entry.path("kind").asString())) {
              arrivals.arrived(entry.path("messageId").asString(), arrived);
            }
          }
        } catch (IOException | RuntimeException e) {
          if (!closing) {
            Log.warn("ops stream ended: " + e);
          }
        }
      }

      @Override
      public void close() {
        closing = true;
        if (ops != null) {
          ops.close();
        }
        if (connection != null) {
          connection.close();
        }
      }
    };
  }
}
