package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * Sixteen agents sending durable requests to one online recipient over HTTP, each send waiting for
 * its acknowledgement: messages acknowledged per second, against raw commits on the same store,
 * bare HTTP, and what a team would assemble instead (NATS JetStream, Redis Streams).
 */
public final class DurableSendScenario implements Scenario {
  static final int AGENTS = 16;
  private final HubSource hub;

  public DurableSendScenario() {
    this(HubSource.SQLITE);
  }

  public DurableSendScenario(HubSource hub) {
    this.hub = hub;
  }

  @Override
  public String name() {
    return "durable-send-" + hub.label().toLowerCase(java.util.Locale.ROOT);
  }

  @Override
  public String title() {
    return "durable send, " + AGENTS + " agents over HTTP, " + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    List<Comparison> c = new ArrayList<>();
    c.add(new Comparison("msgs/s", hub.commitBaseline(), "commits/s", Target.atLeast(1.0)));
    if (hub == HubSource.SQLITE) {
      c.add(new Comparison("msgs/s", "bare-post", "requests/s", Target.atLeast(0.5)));
      c.add(new Comparison("msgs/s", "nats-publish", "msgs/s", Target.atLeast(2.0)));
      c.add(new Comparison("msgs/s", "redis-xadd", "msgs/s", Target.atLeast(1.0)));
    }
    return c;
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Load load;
      private Inbox sink;

      @Override
      public String what() {
        return "hub durable send, " + AGENTS + " agents, " + Payloads.SEND_BYTES + "-byte body";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("msgs/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        hub.get(run); // the shared hub starts alongside the other setups
      }

      @Override
      public void prepare(Run run) throws Exception {
        HubClient client = new HubClient(hub.get(run));
        List<Request> sends = new ArrayList<>();
        try (HttpConnection c = HttpConnection.open(client.base())) {
          Agent recipient = client.register(c, "send-sink", "receives the send benchmark");
          sink = Inbox.drain(client, recipient);
          String content = Payloads.content(Payloads.SEND_BYTES - 40);
          for (int i = 0; i < AGENTS; i++) {
            Agent sender = client.register(c, "send-" + i, "sends in the send benchmark");
            sends.add(client.sendRequest(sender, recipient.name(), content));
          }
        }
        load = Load.open(AGENTS, i -> SendWorker.open(client.base(), sends.get(i)));
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
        if (sink != null) {
          sink.close();
        }
      }
    };
  }
}
