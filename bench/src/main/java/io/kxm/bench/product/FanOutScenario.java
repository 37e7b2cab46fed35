package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One agent's event stream followed by a thousand SSE connections at once (a dashboard, monitors,
 * several sessions of the same agent): each message sent to the agent is stored once, published
 * once, and written to every connection. Events delivered per second in total, against the bare
 * server broadcasting the same number of bytes per event to as many clients.
 */
public final class FanOutScenario implements Scenario {
  static final int SUBSCRIBERS = 1_000;
  static final int EVENT_BYTES = 500;
  private static final int SENDERS = 4;

  /**
   * Events sent but not yet delivered everywhere, at most: the hub cuts a subscriber whose queue of
   * 1,024 live events overflows (it resumes by replay), while the bare server queues without bound,
   * so the load is held to a quarter of that queue.
   */
  private static final int IN_FLIGHT = 256;

  private final HubSource hub;
  private final int subscribers;

  public FanOutScenario() {
    this(HubSource.SQLITE, SUBSCRIBERS);
  }

  /**
   * Another count of subscribers: a point of the fan-out curve, compared with the bare broadcast
   * only at the baseline's own count.
   */
  public FanOutScenario(HubSource hub, int subscribers) {
    this.hub = hub;
    this.subscribers = subscribers;
  }

  @Override
  public String name() {
    return subscribers == SUBSCRIBERS ? "sse-fan-out" : "sse-fan-out-" + subscribers;
  }

  @Override
  public String title() {
    return "fan-out of one agent's event stream to "
        + String.format(Locale.ROOT, "%,d", subscribers)
        + " SSE subscribers, "
        + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    if (subscribers != SUBSCRIBERS) {
      return List.of();
    }
    return List.of(
        new Comparison("events/s", "bare-sse-broadcast", "events/s", Target.atLeast(0.5)));
  }

  /** Agent names of their own, since the points of the curve share one hub. */
  private String prefix() {
    return "fanout-" + subscribers + "-";
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final List<SseStream> streams = new ArrayList<>();
      private final AtomicLong delivered = new AtomicLong();
      private final AtomicReference<String> cut = new AtomicReference<>();
      private volatile boolean closing;
      private volatile long goal = Long.MAX_VALUE;
      private volatile CompletableFuture<Void> reached = new CompletableFuture<>();
      private HubClient client;
      private final List<Request> sends = new ArrayList<>();

      @Override
      public String what() {
        return "hub: "
            + SENDERS
            + " agents send to one agent whose stream "
            + String.format(Locale.ROOT, "%,d", subscribers)
            + " SSE connections follow, "
            + EVENT_BYTES
            + "-byte event data";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("events/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        client = new HubClient(hub.get(run));
        try (HttpConnection c = HttpConnection.open(client.base())) {
          Agent followed =
              client.register(c, prefix() + "stream", "the stream many connections follow");
          List<Agent> senders = new ArrayList<>();
          for (int i = 0; i < SENDERS; i++) {
            senders.add(client.register(c, prefix() + "sender-" + i, "feeds the fan-out stream"));
          }
          String content = EventSizing.contentFor(client, c, senders.get(0), followed, EVENT_BYTES);
          for (Agent sender : senders) {
            sends.add(client.sendRequest(sender, followed.name(), content));
          }
          for (int i = 0; i < subscribers; i++) {
            SseStream s = client.events(followed);
            streams.add(s);
            int index = i;
            Thread.startVirtualThread(() -> read(index, s));
          }
        }
      }

      @Override
      public void prepare(Run run) throws Exception {
        deliver(run.size(100, 500)); // warm-up
      }

      @Override
      public double[] once(Run run) throws Exception {
        // Fewer events than the baseline's 500 with --quick: the hub delivers far slower, and the
        // quick run has two minutes for everything. A rate is a rate either way.
        int events = run.size(200, 2_000);
        long t0 = System.nanoTime();
        deliver(events);
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new double[] {(double) events * subscribers / seconds};
      }

      private void deliver(int events) throws Exception {
        long start = delivered.get();
        reached = new CompletableFuture<>();
        goal = start + (long) events * subscribers;
        Sends.fixed(
            client,
            sends,
            events,
            i -> {
              long mustHave = start + (long) (i - IN_FLIGHT) * subscribers;
              while (delivered.get() < mustHave) {
                failIfCut();
                LockSupport.parkNanos(50_000);
              }
            });
        try {
          reached.get(120, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
          failIfCut();
          throw new IllegalStateException(
              "delivered "
                  + (delivered.get() - start)
                  + " of "
                  + (goal - start)
                  + " events within 120 s",
              e);
        }
        failIfCut();
      }

      private void failIfCut() {
        if (cut.get() != null) {
          throw new IllegalStateException(cut.get());
        }
      }

      private void read(int index, SseStream s) {
        try {
          while (s.skip()) {
            if (delivered.incrementAndGet() == goal) {
              reached.complete(null);
            }
          }
          if (!closing) {
            cut.compareAndSet(null, "the hub ended subscriber " + index + "'s stream");
          }
        } catch (java.io.IOException e) {
          if (!closing) {
            cut.compareAndSet(null, "subscriber " + index + "'s stream broke: " + e);
          }
        }
      }

      @Override
      public void close() {
        closing = true;
        streams.forEach(SseStream::close);
      }
    };
  }
}
