package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a hub costs in memory while nobody uses it: resident memory right after start, and again
 * once it has taken a load of durable sends and gone quiet. Reported for its own sake; there is no
 * baseline to divide it by. Each repetition starts a fresh hub.
 */
public final class IdleHubScenario implements Scenario {
  static final int MESSAGES = 100_000;
  static final int QUICK_MESSAGES = 1_000;
  private static final int SENDERS = 16;
  private final int quickMessages;
  private final int fullMessages;

  public IdleHubScenario() {
    this(QUICK_MESSAGES, MESSAGES);
  }

  /** Other loads only in tests. */
  IdleHubScenario(int quickMessages, int fullMessages) {
    this.quickMessages = quickMessages;
    this.fullMessages = fullMessages;
  }

  @Override
  public String name() {
    return "idle-hub";
  }

  @Override
  public String title() {
    return "idle hub, SQLite: RSS after start and after "
        + String.format(Locale.ROOT, "%,d", fullMessages)
        + " messages ("
        + String.format(Locale.ROOT, "%,d", quickMessages)
        + " with --quick)";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of();
  }

  @Override
  public Measure product() {
    return new Measure() {
      @Override
      public String what() {
        return "hub resident memory (own JVM, default settings)";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(
            new Metric("RSS after start", "MiB", Metric.Better.LOWER),
            new Metric("RSS after messages", "MiB", Metric.Better.LOWER));
      }

      @Override
      public double[] once(Run run) throws Exception {
        try (HubProcess hub = HubProcess.sqlite(run)) {
          double afterStart = HubMemory.settledMiB(hub.child());
          HubClient client = new HubClient(hub);
          List<Request> sends = new ArrayList<>();
          Inbox sink;
          try (HttpConnection c = HttpConnection.open(client.base())) {
            Agent recipient = client.register(c, "idle-sink", "receives the idle-hub load");
            sink = Inbox.drain(client, recipient);
            String content = Payloads.content(Payloads.SEND_BYTES - 40);
            for (int i = 0; i < SENDERS; i++) {
              Agent sender = client.register(c, "idle-sender-" + i, "loads the idle hub");
              sends.add(client.sendRequest(sender, recipient.name(), content));
            }
          }
          try (sink) {
            Sends.fixed(client, sends, run.size(quickMessages, fullMessages));
            return new double[] {afterStart, HubMemory.settledMiB(hub.child())};
          }
        }
      }
    };
  }
}
