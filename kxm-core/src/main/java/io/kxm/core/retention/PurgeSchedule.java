package io.kxm.core.retention;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs purges by themselves: every {@code interval} on a daemon thread, each round at the instant
 * {@code clock} gives. A failing purge is reported and tried again next round; it never stops the
 * others or the timer. Core has no logger: the owner says where reports go.
 */
public final class PurgeSchedule implements AutoCloseable {
  private final Clock clock;
  private final Duration interval;
  private final List<Purge> purges;
  private final ScheduledExecutorService timer;
  private final Consumer<PurgeResult> purged;
  private final Consumer<String> failed;

  /**
   * @param purged told of each purge result that removed something, for the owner's log
   * @param failed told why a purge failed (the exception's text, never a row)
   */
  public PurgeSchedule(
      String name,
      Clock clock,
      Duration interval,
      List<Purge> purges,
      Consumer<PurgeResult> purged,
      Consumer<String> failed) {
    this.purged = Objects.requireNonNull(purged, "purged");
    this.failed = Objects.requireNonNull(failed, "failed");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.interval = Objects.requireNonNull(interval, "interval");
    this.purges = List.copyOf(purges);
    if (interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("a purge interval must be positive: " + interval);
    }
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("kxm-purge-" + name).factory());
  }

  public void start() {
    long period = interval.toMillis();
    timer.scheduleWithFixedDelay(this::runQuietly, period, period, TimeUnit.MILLISECONDS);
  }

  /** One round now, on the caller's thread: what each purge removed. */
  public List<PurgeResult> runOnce() {
    List<PurgeResult> results = new ArrayList<>();
    for (Purge purge : purges) {
      try {
        results.addAll(purge.purge(clock.instant(), false));
      } catch (RuntimeException e) {
        // One store's hiccup must not keep the others from their purge.
        failed.accept(e.toString());
      }
    }
    return results;
  }

  private void runQuietly() {
    for (PurgeResult result : runOnce()) {
      if (result.removed() > 0) {
        purged.accept(result);
      }
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
