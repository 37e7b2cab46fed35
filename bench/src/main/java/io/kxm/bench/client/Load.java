package io.kxm.bench.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/**
 * Closed-loop load: N workers on virtual threads, each doing one operation after another (a send
 * waits for its answer before the next), for a fixed window. Workers and their connections are
 * opened once and reused by every window, since connecting is not what is measured. The same driver
 * runs baselines and product scenarios.
 */
public final class Load implements AutoCloseable {
  private final List<Worker> workers;

  private Load(List<Worker> workers) {
    this.workers = workers;
  }

  /** One worker's state, such as its own connection; used by one thread at a time. */
  public interface Worker extends AutoCloseable {
    void once() throws Exception;

    /** Called before each window starts, outside it: reopen what went stale between windows. */
    default void ready() throws Exception {}

    @Override
    default void close() throws Exception {}
  }

  @FunctionalInterface
  public interface WorkerFactory {
    Worker open(int index) throws Exception;
  }

  public static Load open(int workers, WorkerFactory factory) throws Exception {
    List<Worker> opened = new ArrayList<>();
    try {
      for (int i = 0; i < workers; i++) {
        opened.add(factory.open(i));
      }
    } catch (Exception e) {
      new Load(opened).close();
      throw e;
    }
    return new Load(opened);
  }

  /**
   * Starts every worker together and returns operations completed per second of the window. The
   * first error of any worker fails the whole measure.
   */
  public double perSecond(Duration window) throws Exception {
    return drive(window, false).perSecond();
  }

  /** Like {@link #perSecond}, also timing each operation. */
  public Window timed(Duration window) throws Exception {
    return drive(window, true);
  }

  /**
   * What one window measured.
   *
   * @param latencies each operation's time, or null when the window did not time them
   */
  public record Window(double perSecond, Latencies latencies) {}

  private Window drive(Duration window, boolean timeEach) throws Exception {
    for (Worker w : workers) {
      w.ready();
    }
    LongAdder done = new LongAdder();
    CountDownLatch start = new CountDownLatch(1);
    long[] bounds = new long[2];
    List<Latencies> perWorker = new ArrayList<>();
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> futures = new ArrayList<>();
      for (Worker w : workers) {
        Latencies mine = timeEach ? new Latencies(1024) : null;
        if (mine != null) {
          perWorker.add(mine);
        }
        futures.add(
            pool.submit(() -> {
              start.await();
              long deadline = bounds[1];
              long t0 = System.nanoTime();
              while (t0 < deadline) {
                w.once();
                long t1 = System.nanoTime();
                if (mine != null) {
                  mine.add(t1 - t0);
                }
                done.increment();
                t0 = t1;
              }
              return null;
            }));
      }
      bounds[0] = System.nanoTime();
      bounds[1] = bounds[0] + window.toNanos();
      start.countDown();
      for (Future<?> f : futures) {
        f.get();
      }
    }
    // Operations in flight at the deadline finish after it; the time they took counts too.
    double seconds = (System.nanoTime() - bounds[0]) / 1e9;
    Latencies all = null;
    if (timeEach) {
      all = new Latencies((int) Math.min(Integer.MAX_VALUE - 8, done.sum()));
      perWorker.forEach(all::addAll);
    }
    return new Window(done.sum() / seconds, all);
  }

  @Override
  public void close() {
    for (Worker w : workers) {
      try {
        w.close();
      } catch (Exception e) {
        // Closing after the figures are taken; a failure here does not change them.
      }
    }
  }
}
