package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.Latencies;
import java.util.List;
import java.util.function.Supplier;

/**
 * One exchange with the hub, timed one at a time, as p50 and p99 against a bare HTTP round trip on
 * loopback. The scenarios that measure this way differ only in what the exchange is (a send seen on
 * the recipient's stream, a send seen on the operations stream, a whole round trip), in their names
 * and in how many they time, so each is one of the factories here over an {@link Exchange}.
 */
public final class ExchangeScenario implements Scenario {
  /** What one scenario times; opened once per measure, used from one thread. */
  interface Exchange extends AutoCloseable {
    /** Registers the agents, opens the connections and starts any stream readers. */
    void open(HubClient client) throws Exception;

    /** Runs one exchange; how long it took, in nanoseconds. */
    long once() throws Exception;

    @Override
    void close();
  }

  /**
   * How many exchanges to time.
   *
   * @param warmQuick warm-up under {@code --quick}
   * @param warm warm-up otherwise
   * @param quick timed per sample under {@code --quick}
   * @param full timed per sample otherwise
   */
  record Sizes(int warmQuick, int warm, int quick, int full) {}

  private final String name;
  private final String titleLead;
  private final String what;
  private final double p50Target;
  private final Sizes sizes;
  private final HubSource hub;
  private final Supplier<Exchange> exchange;

  private ExchangeScenario(
      String name,
      String titleLead,
      String what,
      double p50Target,
      Sizes sizes,
      HubSource hub,
      Supplier<Exchange> exchange) {
    this.name = name;
    this.titleLead = titleLead;
    this.what = what;
    this.p50Target = p50Target;
    this.sizes = sizes;
    this.hub = hub;
    this.exchange = exchange;
  }

  /** One agent sends to one recipient: from the start of the send to the recipient's event. */
  public static ExchangeScenario sendToSse(HubSource hub) {
    return new ExchangeScenario(
        "send-to-sse-latency",
        "send to SSE delivery, one recipient, ",
        "hub send until the recipient's SSE event, 1 sender",
        3.0,
        new Sizes(300, 1_000, 500, 3_000),
        hub,
        () -> new SendExchange(SendExchange.Watch.RECIPIENT));
  }

  /**
   * One agent sends to one recipient: from the start of the send to its {@code message.sent} entry
   * on the project's operations stream ({@code GET /v1/ops/events}).
   */
  public static ExchangeScenario sendToOps(HubSource hub) {
    return new ExchangeScenario(
        "send-to-ops-latency",
        "send to its operations entry, one reader, ",
        "hub send until its message.sent on the ops stream, 1 sender",
        3.0,
        new Sizes(300, 1_000, 500, 3_000),
        hub,
        () -> new SendExchange(SendExchange.Watch.OPERATIONS));
  }

  /**
   * The whole exchange: the sender sends, the recipient receives it on its event stream and
   * replies, and the sender's await returns the replied message.
   */
  public static ExchangeScenario roundTrip(HubSource hub) {
    return new ExchangeScenario(
        "round-trip",
        "round trip: send, receive, reply, await, ",
        "hub send, SSE receive, reply, await; 1 pair of agents",
        6.0,
        new Sizes(200, 1_000, 300, 2_000),
        hub,
        RoundTripExchange::new);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String title() {
    return titleLead + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-http-latency", "p50", Target.atMost(p50Target)),
        new Comparison("p99", "bare-http-latency", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Exchange opened;

      @Override
      public String what() {
        return what;
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
        opened = exchange.get();
        opened.open(new HubClient(hub.get(run)));
        sample(run.size(sizes.warmQuick(), sizes.warm()));
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = sample(run.size(sizes.quick(), sizes.full()));
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      private Latencies sample(int count) throws Exception {
        Latencies l = new Latencies(count);
        for (int i = 0; i < count; i++) {
          l.add(opened.once());
        }
        return l;
      }

      @Override
      public void close() {
        if (opened != null) {
          opened.close();
        }
      }
    };
  }
}
