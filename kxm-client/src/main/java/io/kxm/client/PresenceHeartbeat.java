package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renews an agent's presence lease while a session lives: three beats per lease, so one lost beat
 * never makes the agent look stale. A failed beat is logged and the next one tries again, except
 * when the key was rotated by a newer registration under the same name: that session owns the agent
 * now, and beating on would only repeat the refusal.
 */
public final class PresenceHeartbeat implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(PresenceHeartbeat.class);
  private static final Duration FLOOR = Duration.ofMillis(500);
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

  private final ScheduledExecutorService timer;

  private PresenceHeartbeat(ScheduledExecutorService timer) {
    this.timer = timer;
  }

  /** Beats every third of {@code lease} (at least every half second) until closed. */
  public static PresenceHeartbeat start(Runnable beat, Duration lease) {
    Duration every = lease.dividedBy(3);
    long ms = Math.max(FLOOR.toMillis(), every.toMillis());
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("kxm-presence").factory());
    timer.scheduleWithFixedDelay(() -> beatOnce(beat, timer), ms, ms, TimeUnit.MILLISECONDS);
    return new PresenceHeartbeat(timer);
  }

  private static void beatOnce(Runnable beat, ScheduledExecutorService timer) {
    try {
      beat.run();
    } catch (KxmException e) {
      log.warn("presence heartbeat failed: {}: {}", e.code().code(), e.getMessage());
      if (e.code() == ErrorCode.AGENT_KEY_INVALID) {
        timer.shutdown();
      }
    } catch (RuntimeException e) {
      log.warn("presence heartbeat failed", e);
    }
  }

  /**
   * Stops beating and waits, briefly, for a beat already on the wire: one that reached the hub
   * after the agent left would mark it online again for a whole lease.
   */
  @Override
  public void close() {
    timer.shutdown();
    try {
      if (!timer.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        timer.shutdownNow();
      }
    } catch (InterruptedException e) {
      timer.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }
}
