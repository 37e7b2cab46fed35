package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.SseStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ten thousand agents online at once, each holding its event stream open and idle: how many
 * connections a freshly started hub holds, and its resident memory while it holds them, against a
 * fresh bare server holding as many. The agents are registered once; each repetition starts a new
 * hub process on the same store, so its memory is that of a hub that did nothing else. On the way
 * to the last count the streams open in steps (1,000, 5,000, 10,000), and at each step the memory
 * the streams added over the settled hub's, per stream, is a point of the memory curve.
 */
public final class IdleStreamsScenario implements Scenario {
  private static final int OPENING_AT_ONCE = 128;

  /** Streams held at each step, full run and quick run; the last are the baseline's counts. */
  public static final List<Integer> STEPS = List.of(1_000, 5_000, 10_000);

  public static final List<Integer> QUICK_STEPS = List.of(100, 250, 500);

  private final List<Integer> quickSteps;
  private final List<Integer> fullSteps;

  public IdleStreamsScenario() {
    this(QUICK_STEPS, STEPS);
  }

  /** Other counts only in tests, where figures are not compared. */
  IdleStreamsScenario(List<Integer> quickSteps, List<Integer> fullSteps) {
    if (quickSteps.size() != fullSteps.size()) {
      throw new IllegalArgumentException("a step count for each run, quick and full");
    }
    this.quickSteps = List.copyOf(quickSteps);
    this.fullSteps = List.copyOf(fullSteps);
  }

  @Override
  public String name() {
    return "sse-idle";
  }

  @Override
  public String title() {
    return String.format(
        Locale.ROOT,
        "%,d idle agent event streams (%,d with --quick) held by one hub, SQLite",
        fullSteps.getLast(),
        quickSteps.getLast());
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("held", "bare-sse-idle", "held", Target.atLeast(1.0)),
        new Comparison("hub RSS", "bare-sse-idle", "server RSS", Target.atMost(2.0)));
  }

  /** The name of the memory-per-stream metric at the {@code i}-th step (0, 1, …). */
  public static String perStream(int i) {
    return "RSS per stream, step " + (i + 1);
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Path dir;
      private String token;
      private List<Agent> agents;
      private List<Integer> steps;

      @Override
      public String what() {
        return "hub holding one idle event stream per agent (own JVM, default settings)";
      }

      @Override
      public List<Metric> metrics() {
        List<Metric> m = new ArrayList<>();
        m.add(new Metric("held", "connections", Metric.Better.HIGHER));
        m.add(new Metric("hub RSS", "MiB", Metric.Better.LOWER));
        for (int i = 0; i < fullSteps.size(); i++) {
          m.add(new Metric(perStream(i), "KiB", Metric.Better.LOWER));
        }
        return m;
      }

      @Override
      public void setup(Run run) throws Exception {
        steps = run.quick() ? quickSteps : fullSteps;
        dir = run.newDir("hub-idle-");
        token = HubProcess.newToken();
        try (HubProcess hub = HubProcess.sqliteIn(dir, token)) {
          agents = Roster.register(new HubClient(hub), "idle", steps.getLast());
        }
      }

      @Override
      public double[] once(Run run) throws Exception {
        double[] values = new double[2 + steps.size()];
        Queue<SseStream> open = new ConcurrentLinkedQueue<>();
        try (HubProcess hub = HubProcess.sqliteIn(dir, token)) {
          HubClient client = new HubClient(hub);
          // The hub's own memory before any stream, so that what each stream adds can be told.
          double before = HubMemory.settledMiB(hub.child());
          try {
            int opened = 0;
            for (int i = 0; i < steps.size(); i++) {
              openStreams(client, agents.subList(opened, steps.get(i)), open);
              opened = steps.get(i);
              // Every stream that answered 200 is counted only if the hub still has its socket.
              int held = Math.min(open.size(), hub.child().openSockets());
              long rssKiB = hub.child().rssKiB();
              values[2 + i] = held == 0 ? 0 : (rssKiB - before * 1024) / held;
              values[0] = held;
              values[1] = rssKiB / 1024.0;
            }
            return values;
          } finally {
            open.forEach(SseStream::close);
          }
        }
      }
    };
  }

  private static void openStreams(HubClient client, List<Agent> agents, Queue<SseStream> open)
      throws InterruptedException {
    AtomicReference<Exception> firstError = new AtomicReference<>();
    int before = open.size();
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
              + (open.size() - before)
              + " of "
              + agents.size()
              + " streams; first refusal: "
              + firstError.get());
    }
  }
}
