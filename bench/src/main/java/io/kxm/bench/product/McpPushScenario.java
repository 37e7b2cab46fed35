package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.List;

/**
 * One agent sends to an agent served by a {@code kxm mcp} child process, one request at a time: the
 * time from the start of the send to the push notification on {@code kxm mcp}'s standard output, as
 * the MCP client of an agent session reads it (hub, event stream, {@code kxm mcp}, stdio). Compared
 * with a bare HTTP round trip on loopback. The pushed requests stay queued, as they do in a session
 * that has not read them yet.
 */
public final class McpPushScenario implements Scenario {
  static final String RECIPIENT = "push-recipient";

  private final HubSource hub;
  private final int quickSamples;
  private final int fullSamples;

  public McpPushScenario() {
    this(HubSource.SQLITE, 200, 1_000);
  }

  /** With {@code samples} timed sends a repetition, quick or not (tests keep it small). */
  McpPushScenario(HubSource hub, int samples) {
    this(hub, samples, samples);
  }

  private McpPushScenario(HubSource hub, int quickSamples, int fullSamples) {
    this.hub = hub;
    this.quickSamples = quickSamples;
    this.fullSamples = fullSamples;
  }

  @Override
  public String name() {
    return "send-to-mcp-push";
  }

  @Override
  public String title() {
    return "send to MCP push: kxm mcp notification on stdio, one recipient, " + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-http-latency", "p50", null),
        new Comparison("p99", "bare-http-latency", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final Arrivals arrivals = new Arrivals();
      private HttpConnection connection;
      private McpStdioSession session;
      private Request send;

      @Override
      public String what() {
        return "hub send until kxm mcp's push notification on stdio, 1 sender";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("p50"), Metric.millis("p99"));
      }

      @Override
      public void setup(Run run) throws Exception {
        HubEndpoint endpoint = hub.get(run); // the shared hub starts alongside the other setups
        // kxm mcp is a JVM of its own; its start waits mostly on class loading and registration.
        session =
            McpStdioSession.start(
                endpoint,
                RECIPIENT,
                run.newDir("mcp-"),
                (id, nanos, message) -> arrivals.arrived(id, nanos));
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(hub.get(run));
        connection = HttpConnection.open(client.base());
        Agent sender = client.register(connection, "push-sender", "sends one at a time");
        send = client.sendRequest(sender, RECIPIENT, Payloads.content(Payloads.SEND_BYTES - 40));
        sample(samples(run)); // kxm mcp is a fresh JVM: its push path warms up here
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = sample(samples(run));
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      private int samples(Run run) {
        return run.size(quickSamples, fullSamples);
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

      @Override
      public void close() {
        if (session != null) {
          session.close();
        }
        if (connection != null) {
          connection.close();
        }
      }
    };
  }
}
