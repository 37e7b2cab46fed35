package io.kxm.session.store;

import io.kxm.core.thread.Joins;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveListener;
import io.kxm.session.api.SessionEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live delivery on a store several runtime instances write: every committed event, whichever
 * instance wrote it, is read back from the store in {@code seq} order and only then handed to this
 * handle's subscribers. The store assigns seqs under one row lock held until commit, so commits
 * become visible in seq order, and reading {@code seq > last} never skips an event that commits
 * later with a lower seq.
 *
 * <p>Wake-ups tell the follower when to read: this handle's own commits at once, other instances'
 * through the {@link LiveBus} (Redis between machines), which carries only "stream up to seq" and
 * is believed in nothing. A wake-up lost on the way costs at most {@code poll}: the follower reads
 * anyway when it has heard nothing for that long.
 */
final class StoreFollower implements LiveListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StoreFollower.class);
  private static final int PAGE = 1000;

  private final StoreReader reader;
  private final LiveFanout live;
  private final LiveBus bus;
  private final String stream;
  private final long pollMillis;
  private final List<Consumer<List<SessionEvent>>> listeners = new CopyOnWriteArrayList<>();
  private final Object signal = new Object();
  private final Thread thread;
  private final LiveBus.Subscription subscription;
  private boolean woken;
  private volatile boolean closed;
  private long delivered;

  /**
   * @param stream the wake-up stream of this store, the same name on every instance
   * @param from the last seq already stored when the handle opened: later ones are delivered
   */
  StoreFollower(
      StoreReader reader, LiveFanout live, LiveBus bus, String stream, Duration poll, long from) {
    this.reader = reader;
    this.live = live;
    this.bus = bus;
    this.stream = stream;
    this.pollMillis = poll.toMillis();
    this.delivered = from;
    this.subscription = bus.subscribe(stream, this);
    this.thread = Thread.ofPlatform().daemon().name("kxm-sessions-follower").start(this::loop);
  }

  void onCommitted(Consumer<List<SessionEvent>> listener) {
    listeners.add(listener);
  }

  /** The writer's batch committed: read it back, and tell the other instances. */
  void committed(List<SessionEvent> events) {
    if (events.isEmpty()) {
      return;
    }
    // Published on the bus, which wakes this follower in process and the others through Redis.
    bus.publish(stream, events.getLast().seq(), "");
  }

  @Override
  public void onEvent(long seq, String envelopeJson) {
    wake();
  }

  @Override
  public void onWake(long seq) {
    wake();
  }

  @Override
  public void onGap() {
    wake();
  }

  private void wake() {
    synchronized (signal) {
      woken = true;
      signal.notifyAll();
    }
  }

  private void loop() {
    while (!closed) {
      try {
        synchronized (signal) {
          if (!woken) {
            signal.wait(pollMillis);
          }
          woken = false;
        }
        if (!closed) {
          readNew();
        }
      } catch (InterruptedException e) {
        // only close() interrupts, after setting closed
      } catch (RuntimeException e) {
        // The store may be down for a while; the next wake-up or poll reads again from the same
        // seq, so nothing is skipped.
        LOG.warn("reading committed session events failed; retrying: {}", e.getMessage());
        pause();
      }
    }
  }

  private void readNew() {
    List<SessionEvent> page;
    do {
      page = reader.eventsAfter(delivered, PAGE);
      if (page.isEmpty()) {
        return;
      }
      live.publish(page);
      delivered = page.getLast().seq();
      for (Consumer<List<SessionEvent>> listener : listeners) {
        try {
          listener.accept(page);
        } catch (RuntimeException e) {
          LOG.warn("a listener of committed session events failed", e);
        }
      }
    } while (page.size() == PAGE && !closed);
  }

  private void pause() {
    try {
      Thread.sleep(Math.min(pollMillis, 1000));
    } catch (InterruptedException e) {
      // closing
    }
  }

  @Override
  public void close() {
    closed = true;
    subscription.close();
    thread.interrupt();
    Joins.uninterruptibly(thread);
  }
}
