package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.baseline.BareSseIdle;
import io.kxm.bench.client.SseStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToIntFunction;

/**
 * Ten thousand agents online at once, each holding its event stream open and idle: how many
 * connections a freshly started hub holds, and its resident memory while it holds them, against a
 * fresh bare server holding as many. The agents are registered once; each repetition starts a new
 * hub process on the same store, so its memory is that of a hub that did nothing else.
 */
public final class IdleStreamsScenario implements Scenario {
  private static final int OPENING_AT_ONCE = 128;

  /** How many connections, from the run; the same as the baseline's except in tests. */
  private final ToIntFunction<Run> connections;

  /** The counts of a point of the curve, or null when they are the baseline's. */
  private final int[] counts;

  public IdleStreamsScenario() {
    this(BareSseIdle::connections);
  }

  IdleStreamsScenario(ToIntFunction<Run> connections) {
    this.connections = connections;
    this.counts = null;
  }

  /**
   * Another count of streams: a point of the curve of memory per stream, compared with the bare
   * server only at the baseline's own count.
   */
  public IdleStreamsScenario(int quickCount, int fullCount) {
    this.connections = run -> run.size(quickCount, fullCount);
    this.counts = new int[] {quickCount, fullCount};
  }

  @Override
  public String name() {
    return counts == null ? "sse-idle" : "sse-idle-" + counts[1];
  }

  @Override
  public String title() {
    int quick = counts == null ? 500 : counts[0];
    int full = counts == null ? 10_000 : counts[1];
    return String.format(
        Locale.ROOT,
        "%,d idle agent event streams (%,d with --quick) held by one hub, SQLite",
        full,
        quick);
  }

  @Override
  public List<Comparison> comparisons() {
    if (counts != null) {
      return List.of();
    }
    return List.of(
        new Comparison("held", "bare-sse-idle", "held", Target.atLeast(1.0)),
        new Comparison("hub RSS", "bare-sse-idle", "server RSS", Target.atMost(2.0)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Path dir;
      private String token;
      private List<Agent> agents;

      @Override
      public String what() {
        return "hub holding one idle event stream per agent (own JVM, default settings)";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(
            new Metric("held", "connections", Metric.Better.HIGHER),
            new Metric("hub RSS", "MiB", Metric.Better.LOWER),
            new Metric("RSS per stream", "KiB", Metric.Better.LOWER));
      }

      @Override
      public void setup(Run run) throws Exception {
        dir = run.newDir("hub-idle-");
        token = HubProcess.newToken();
        try (HubProcess hub = HubProcess.sqliteIn(dir, token)) {
          agents = Roster.register(new HubClient(hub), "idle", connections.applyAsInt(run));
        }
      }

      @Override
      public double[] once(Run run) throws Exception {
        Queue<SseStream> open = new ConcurrentLinkedQueue<>();
        AtomicReference<Exception> firstError = new AtomicReference<>();
        try (HubProcess hub = HubProcess.sqliteIn(dir, token)) {
          HubClient client = new HubClient(hub);
          // The hub's own memory before any stream, so that what each stream adds can be told.
          double before = HubMemory.settledMiB(hub.child());
          try {
            Semaphore gate = new Semaphore(OPENING_AT_ONCE);
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
              for (Agent agent : agents) {
                gate.acquire();
                pool.submit(() -> {
                  try {
                    open.add(client.events(agent, 0, 512));
                  } catch (Exception e) {
                    firstError.compareAndSet(null, e);
                  } finally {
                    gate.release();
                  }
                });
              }
            }
            if (firstError.get() != null) {
              Log.warn(
                  "opened "
                      + open.size()
                      + " of "
                      + agents.size()
                      + " streams; first refusal: "
                      + firstError.get());
            }
            // Every stream that answered 200 is counted only if the hub still has its socket.
            int held = Math.min(open.size(), hub.child().openSockets());
            long rssKiB = hub.child().rssKiB();
            double perStream = held == 0 ? 0 : (rssKiB - before * 1024) / held;
            return new double[] {held, rssKiB / 1024.0, perStream};
          } finally {
            open.forEach(SseStream::close);
          }
        }
      }
    };
  }
}
