package io.kxm.hub.context;

import io.kxm.store.Store;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Context housekeeping on a timer: marks items past their end as expired, then deletes items that
 * ended longer ago than the retention window.
 */
final class ContextRetention implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ContextRetention.class);

  private final Store store;
  private final Clock clock;
  private final ContextSettings settings;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-context-retention").factory());

  ContextRetention(Store store, Clock clock, ContextSettings settings) {
    this.store = store;
    this.clock = clock;
    this.settings = settings;
  }

  void start() {
    long period = settings.purgeInterval().toMillis();
    timer.scheduleWithFixedDelay(this::sweepQuietly, period, period, TimeUnit.MILLISECONDS);
  }

  private void sweepQuietly() {
    try {
      sweep();
    } catch (RuntimeException e) {
      // A store hiccup must not end the timer; the next round tries again.
      LOG.warn("context housekeeping failed: {}", e.toString());
    }
  }

  /** One round; returns how many items were deleted. */
  int sweep() {
    Instant now = clock.instant();
    Instant cutoff = now.minus(settings.retention());
    return store.write(tx -> {
      tx.context().expire(now);
      return tx.context().purgeEndedBefore(cutoff);
    });
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
