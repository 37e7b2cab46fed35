package io.kxm.hub.sse;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The streams one server has open, for {@code /metrics}: how many, how many live events wait in
 * their queues (a reader falling behind shows here before it is cut), and how many were cut. Read
 * at scrape time; following a stream costs one set insert and removal.
 */
public final class OpenStreams {
  // Keyed by a token of each open stream: queues themselves have no meaningful equality.
  private final Map<Object, Collection<?>> queues = new ConcurrentHashMap<>();
  private final LongAdder cut = new LongAdder();

  /** Registers one follower's live queue until the returned handle closes. */
  Open opened(Collection<?> queue) {
    Object token = new Object();
    queues.put(token, queue);
    return () -> queues.remove(token);
  }

  void cutOne() {
    cut.increment();
  }

  public int open() {
    return queues.size();
  }

  /** Live events waiting in every open stream's queue, summed. */
  public long queued() {
    long sum = 0;
    for (Collection<?> queue : queues.values()) {
      sum += queue.size();
    }
    return sum;
  }

  /** Readers cut so far for overflowing their queue. */
  public long cut() {
    return cut.sum();
  }

  /** One open stream. */
  interface Open extends AutoCloseable {
    @Override
    void close();
  }
}
