package io.kxm.session.stream;

import io.kxm.session.api.LiveEvents.Subscription;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The open event streams of one supervisor. It cuts the connection of a stream whose subscription
 * overflowed even while the stream's thread is stuck writing to a client that reads nothing (that
 * thread cannot notice by itself), and ends every stream when the supervisor stops.
 */
public final class ActiveStreams implements AutoCloseable {
  private static final long WATCH_MILLIS = 100;

  private final Set<Entry> entries = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService watchdog =
      Executors.newSingleThreadScheduledExecutor(
          r -> Thread.ofPlatform().daemon().name("kxm-stream-watchdog").unstarted(r));
  private volatile boolean stopping;

  public ActiveStreams() {
    watchdog.scheduleWithFixedDelay(
        this::cutOverflowed, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Registers the calling thread's stream; null once the supervisor stops. */
  Entry enter(Subscription live, SseOutput out) {
    Entry entry = new Entry(live, out);
    entries.add(entry);
    if (stopping) {
      entries.remove(entry);
      return null;
    }
    return entry;
  }

  /** Streams open now, for health output and tests. */
  public int open() {
    return entries.size();
  }

  /**
   * Ends every stream: each one's subscription closes, which wakes its wait for live events; it
   * sends what it still holds and its response ends normally. Clients reconnect to the next
   * supervisor and resume by replay. New streams are refused from now on. Threads are not
   * interrupted: one interrupted inside a store read would fail the read, not end the stream.
   */
  public void stopAll() {
    stopping = true;
    for (Entry entry : entries) {
      entry.live.close();
    }
  }

  @Override
  public void close() {
    stopAll();
    watchdog.shutdownNow();
  }

  private void cutOverflowed() {
    for (Entry entry : entries) {
      if (entry.live.isClosed() && !entry.cut) {
        entry.cut = true;
        entry.out.abort();
      }
    }
  }

  /** One open stream. Closing it unregisters it before its subscription closes. */
  final class Entry implements AutoCloseable {
    private final Subscription live;
    private final SseOutput out;
    private volatile boolean cut;

    private Entry(Subscription live, SseOutput out) {
      this.live = live;
      this.out = out;
    }

    boolean stopped() {
      return stopping;
    }

    /** Whether the watchdog cut this stream because its subscription overflowed. */
    boolean wasCut() {
      return cut;
    }

    @Override
    public void close() {
      entries.remove(this);
    }
  }
}
