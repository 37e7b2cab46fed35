package io.kxm.bench.baseline;

import io.kxm.bench.Log;
import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.SseStream;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Opens N idle SSE connections to a fresh bare Jetty server and reads its resident memory while it
 * holds them: the bar for how many agents one hub keeps connected, and at what memory cost.
 */
public final class BareSseIdle implements Measure {
  private static final int OPENING_AT_ONCE = 128;

  /**
   * Connections held: 10,000, or 500 with {@code --quick}, whose two minutes do not cover
   * registering and opening thousands of streams on a hub three times over. The product side holds
   * as many.
   */
  public static int connections(Run run) {
    return run.size(500, 10_000);
  }

  @Override
  public String what() {
    return "bare Jetty SSE holding idle connections (server in its own JVM, default settings)";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(
        new Metric("held", "connections", Metric.Better.HIGHER),
        new Metric("server RSS", "MiB", Metric.Better.LOWER));
  }

  @Override
  public double[] once(Run run) throws Exception {
    int wanted = connections(run);
    Queue<SseStream> open = new ConcurrentLinkedQueue<>();
    AtomicReference<Exception> firstError = new AtomicReference<>();
    try (BareServerProcess server = BareServerProcess.start(run)) {
      try {
        Semaphore gate = new Semaphore(OPENING_AT_ONCE);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
          for (int i = 0; i < wanted; i++) {
            gate.acquire();
            pool.submit(() -> {
              try {
                open.add(SseStream.open(server.base(), "/sse", Map.of(), 512));
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
                  + wanted
                  + " connections; first refusal: "
                  + firstError.get());
        }
        int held = Stats.awaitSubscribers(server.base(), open.size());
        long rssKiB = server.child().rssKiB();
        return new double[] {Math.min(held, open.size()), rssKiB / 1024.0};
      } finally {
        open.forEach(SseStream::close);
      }
    }
  }
}
