package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Durable sends to one online recipient from 1, 16, 256 and 1,024 agents at once, each agent on its
 * own connection and waiting for its acknowledgement: messages per second and the p99 of a send at
 * each count, to show where adding senders stops adding throughput and starts adding waiting.
 */
public final class SendCurveScenario implements Scenario {
  /** The concurrent agents of each point. */
  public static final List<Integer> AGENTS = List.of(1, 16, 256, 1_024);

  private final HubSource hub;
  private final List<Integer> agents;

  public SendCurveScenario(HubSource hub) {
    this(hub, AGENTS);
  }

  /** Smaller counts only in tests, where figures are not compared. */
  SendCurveScenario(HubSource hub, List<Integer> agents) {
    this.hub = hub;
    this.agents = List.copyOf(agents);
  }

  @Override
  public String name() {
    return "send-by-agents-" + hub.label().toLowerCase(Locale.ROOT);
  }

  @Override
  public String title() {
    return "durable send by concurrent agents, each waiting for its 201, " + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of();
  }

  /** The name of the throughput metric at {@code n} agents. */
  public static String rate(int n) {
    return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? "agent" : "agents");
  }

  /** The name of the p99 metric at {@code n} agents. */
  public static String p99(int n) {
    return "p99, " + rate(n);
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final List<Load> loads = new ArrayList<>();
      private Inbox sink;

      @Override
      public String what() {
        return "hub durable send, " + Payloads.SEND_BYTES + "-byte body, by concurrent agents";
      }

      @Override
      public List<Metric> metrics() {
        List<Metric> m = new ArrayList<>();
        for (int n : agents) {
          m.add(new Metric(rate(n), "msgs/s", Metric.Better.HIGHER));
          m.add(Metric.millis(p99(n)));
        }
        return m;
      }

      @Override
      public void setup(Run run) throws Exception {
        HubClient client = new HubClient(hub.get(run));
        int most = agents.stream().mapToInt(Integer::intValue).max().orElseThrow();
        List<Agent> senders = Roster.register(client, "curve", most, "sends in the send curve");
        List<Request> sends = new ArrayList<>();
        try (HttpConnection c = HttpConnection.open(client.base())) {
          Agent recipient = client.register(c, "curve-sink", "receives the send curve");
          sink = Inbox.drain(client, recipient);
          String content = Payloads.content(Payloads.SEND_BYTES - 40);
          for (Agent sender : senders) {
            sends.add(client.sendRequest(sender, recipient.name(), content));
          }
        }
        for (int n : agents) {
          loads.add(Load.open(n, i -> SendWorker.open(client.base(), sends.get(i))));
        }
      }

      @Override
      public void prepare(Run run) throws Exception {
        for (Load load : loads) {
          load.perSecond(run.warmup().dividedBy(loads.size()));
        }
      }

      @Override
      public double[] once(Run run) throws Exception {
        double[] values = new double[agents.size() * 2];
        for (int i = 0; i < loads.size(); i++) {
          Load.Window w = loads.get(i).timed(run.window());
          values[2 * i] = w.perSecond();
          values[2 * i + 1] = w.latencies().percentileMillis(0.99);
        }
        return values;
      }

      @Override
      public void close() {
        loads.forEach(Load::close);
        if (sink != null) {
          sink.close();
        }
      }
    };
  }
}
