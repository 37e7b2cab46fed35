package io.kxm.hub.messaging;

import io.kxm.core.lease.LeaseLimits;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.reserve.ReservationLimits;
import io.kxm.hub.agents.AgentRetirement;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Housekeeping on a timer: expires open requests past their TTL (telling both sides), and on a
 * slower beat purges finished requests and stream events older than the retention window and leases
 * ended more than a week ago, and retires agents named {@code cli-<pid>}/{@code mcp-<pid>} offline
 * longer than {@link MessagingSettings#shortLivedAgentTtl()}. On PostgreSQL several hub nodes sweep
 * side by side; the store hands each due row to one of them.
 */
final class Sweeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Sweeper.class);
  private static final int BATCH = 200;

  private final StreamWriter writer;
  private final Clock clock;
  private final MessagingSettings settings;
  private final MessageHooks hooks;
  private final AgentRetirement retirement;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-sweeper").factory());
  private long nextPurgeNanos = System.nanoTime();

  Sweeper(
      StreamWriter writer,
      Clock clock,
      MessagingSettings settings,
      MessageHooks hooks,
      AgentRetirement retirement) {
    this.retirement = retirement;
    this.writer = writer;
    this.clock = clock;
    this.settings = settings;
    this.hooks = hooks;
  }

  void start() {
    long period = settings.sweepInterval().toMillis();
    timer.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
  }

  private void sweep() {
    try {
      while (expireDue() == BATCH) {
        // more were due than one batch holds; keep going
      }
      if (System.nanoTime() - nextPurgeNanos >= 0) {
        purge();
        nextPurgeNanos = System.nanoTime() + settings.purgeInterval().toNanos();
      }
    } catch (RuntimeException e) {
      // A store hiccup must not end the timer; the next round tries again.
      LOG.warn("message housekeeping failed: {}", e.toString());
    }
  }

  /** Expires one batch of due requests; returns how many. */
  int expireDue() {
    return writer.write((tx, events) -> {
      List<StoredMessage> expired = tx.messages().expireDue(BATCH);
      MessageViews views = MessageViews.within(tx);
      expired.forEach(message -> {
        var wire = views.wire(message);
        MessageEvents.expired(events, wire);
        hooks.expired(tx, events, wire);
      });
      return expired.size();
    });
  }

  /** Deletes what the retention windows no longer cover. */
  void purge() {
    Instant now = clock.instant();
    Instant cutoff = now.minus(settings.retention());
    writer
        .store()
        .write(tx -> {
          tx.messages().purgeTerminalBefore(cutoff);
          tx.agentEvents().trimOlderThan(cutoff);
          tx.leases().purgeEndedBefore(now.minus(LeaseLimits.RETENTION_AFTER_DEADLINE));
          tx.reservations().purgeEndedBefore(now.minus(ReservationLimits.RETENTION_AFTER_END));
          return null;
        });
    int retired = retirement.pruneShortLived(settings.shortLivedAgentTtl()).size();
    if (retired > 0) {
      LOG.info(
          "retired {} short-lived agents offline longer than {}",
          retired,
          settings.shortLivedAgentTtl());
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
