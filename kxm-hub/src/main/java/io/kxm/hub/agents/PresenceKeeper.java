package io.kxm.hub.agents;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Store;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps agents online while something holds them: an open event stream, an in-process session.
 * Every third of a lease the leases of all held agents are renewed in one transaction, so a holder
 * that vanishes without closing (a killed hub) stops renewing and its agent turns stale, then
 * offline, by the clock alone.
 */
public final class PresenceKeeper implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PresenceKeeper.class);

  private final Store store;
  private final Duration lease;
  private final Map<String, Set<Hold>> holds = new ConcurrentHashMap<>();
  private final ScheduledExecutorService timer;

  public PresenceKeeper(Store store, Duration lease) {
    this.store = store;
    this.lease = lease;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("kxm-presence").factory());
    long period = Math.max(1, lease.toMillis() / 3);
    timer.scheduleWithFixedDelay(this::renewHeld, period, period, TimeUnit.MILLISECONDS);
  }

  /**
   * Renews the agent's lease now and keeps renewing it until the returned hold closes. On a full
   * disk the first renewal is skipped rather than refused: holding a stream is a read, and reads
   * keep working while the store refuses writes; the timer renews once space is back.
   */
  public Hold hold(String agentId) {
    try {
      store.agents().renewPresence(agentId, lease);
    } catch (KxmException e) {
      if (e.code() != ErrorCode.STORE_FULL) {
        throw e;
      }
      LOG.warn("presence of agent {} not renewed, the store is full: {}", agentId, e.getMessage());
    }
    AtomicBoolean released = new AtomicBoolean();
    Hold hold =
        new Hold() {
          @Override
          public void close() {
            if (released.compareAndSet(false, true)) {
              holds.computeIfPresent(
                  agentId,
                  (id, held) -> {
                    held.remove(this);
                    return held.isEmpty() ? null : held;
                  });
            }
          }
        };
    holds.compute(
        agentId,
        (id, held) -> {
          Set<Hold> set = held == null ? ConcurrentHashMap.newKeySet() : held;
          set.add(hold);
          return set;
        });
    return hold;
  }

  /**
   * Stops renewing the agent now, whatever still holds it. An agent that ends its presence on
   * purpose must not come back online through a stream the hub has not yet seen close, or through a
   * renewal round already under way: this waits for such a round to commit, so the caller's end of
   * the lease lands after it. Holds taken later (a new session) renew as usual.
   */
  public synchronized void forget(String agentId) {
    holds.remove(agentId);
  }

  /** Agents held right now. */
  public int heldCount() {
    return holds.size();
  }

  private synchronized void renewHeld() {
    List<String> held = List.copyOf(holds.keySet());
    if (held.isEmpty()) {
      return;
    }
    try {
      store.write(tx -> {
        held.forEach(id -> tx.agents().renewPresence(id, lease));
        return null;
      });
    } catch (RuntimeException e) {
      // The next round tries again; a lease outlives two missed rounds.
      LOG.warn("renewing the presence of {} agents failed: {}", held.size(), e.toString());
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** One reason to keep an agent online; closing it twice is harmless. */
  public interface Hold extends AutoCloseable {
    @Override
    void close();
  }
}
