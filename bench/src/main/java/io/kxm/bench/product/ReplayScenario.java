package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A client that saw the first event of its agent's stream, went away while a backlog of requests
 * piled up, and resumes with {@code Last-Event-ID}: the hub replays the backlog from the store in
 * order. Events per second from the resuming GET to the last event, against an indexed range read
 * of as many rows straight from SQLite and a NATS ordered consumer over as many stored messages.
 */
public final class ReplayScenario implements Scenario {
  static final int BACKLOG = 100_000;
  static final int QUICK_BACKLOG = 5_000;
  static final int EVENT_BYTES = 500;
  private static final int SENDERS = 16;
  private final HubSource hub;
  private final int quickBacklog;
  private final int fullBacklog;

  public ReplayScenario() {
    this(HubSource.SQLITE, QUICK_BACKLOG, BACKLOG);
  }

  /**
   * Another backlog: a point of the replay curve, compared with the range reads only at the
   * baselines' own size.
   */
  public ReplayScenario(HubSource hub, int quickBacklog, int fullBacklog) {
    this.hub = hub;
    this.quickBacklog = quickBacklog;
    this.fullBacklog = fullBacklog;
  }

  @Override
  public String name() {
    return baselineSized() ? "sse-replay" : "sse-replay-" + fullBacklog;
  }

  private boolean baselineSized() {
    return quickBacklog == QUICK_BACKLOG && fullBacklog == BACKLOG;
  }

  @Override
  public String title() {
    return "replay of a "
        + String.format(Locale.ROOT, "%,d", fullBacklog)
        + "-event backlog to a resuming client ("
        + String.format(Locale.ROOT, "%,d", quickBacklog)
        + " with --quick), "
        + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    if (!baselineSized()) {
      return List.of();
    }
    return List.of(
        new Comparison("events/s", "sqlite-range-read", "rows/s", Target.atLeast(0.5)),
        new Comparison("events/s", "nats-ordered-replay", "msgs/s", Target.atLeast(1.0)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private HubClient client;
      private Agent reader;
      private int backlog;

      @Override
      public String what() {
        return "hub SSE replay after Last-Event-ID, " + EVENT_BYTES + "-byte event data";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("events/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        client = new HubClient(hub.get(run));
        backlog = run.size(quickBacklog, fullBacklog);
        List<Request> sends = new ArrayList<>();
        try (HttpConnection c = HttpConnection.open(client.base())) {
          reader =
              client.register(
                  c,
                  "replay-" + fullBacklog + "-reader",
                  "resumes its stream after a long absence");
          List<Agent> senders = new ArrayList<>();
          for (int i = 0; i < SENDERS; i++) {
            senders.add(
                client.register(c, "replay-" + fullBacklog + "-sender-" + i, "builds the backlog"));
          }
          String content = EventSizing.contentFor(client, c, senders.get(0), reader, EVENT_BYTES);
          for (Agent sender : senders) {
            sends.add(client.sendRequestAllowingOffline(sender, reader.name(), content));
          }
          // The client's first visit: it reads event 1 and leaves.
          c.send(sends.get(0)).expect(201, "send the first event");
          try (SseStream first = client.events(reader).readTimeout(Duration.ofSeconds(30))) {
            SseFrame e = first.next();
            if (e == null || !"1".equals(e.id())) {
              throw new IllegalStateException("the reader's first event is not id 1: " + e);
            }
          }
        }
        Sends.fixed(client, sends, backlog);
      }

      @Override
      public void prepare(Run run) throws Exception {
        replay(); // warm-up, and proof that the whole backlog is there in order
      }

      @Override
      public double[] once(Run run) throws Exception {
        long t0 = System.nanoTime();
        replay();
        return new double[] {backlog / ((System.nanoTime() - t0) / 1e9)};
      }

      /** Resumes after event 1 and reads the backlog; the last event must be number backlog + 1. */
      private void replay() throws Exception {
        try (SseStream s =
            client.events(reader, 1, 16 * 1024).readTimeout(Duration.ofSeconds(60))) {
          for (int i = 1; i < backlog; i++) {
            if (!s.skip()) {
              throw new IllegalStateException(
                  "the replay ended after " + i + " of " + backlog + " events");
            }
          }
          SseFrame last = s.next();
          String expected = Long.toString(backlog + 1L);
          if (last == null || !expected.equals(last.id())) {
            throw new IllegalStateException(
                "the replay's last event is "
                    + (last == null ? "missing" : "id " + last.id())
                    + ", not id "
                    + expected);
          }
        }
      }
    };
  }
}
