package io.kxm.session.store;

import io.kxm.session.api.LiveEvents;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.StreamKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * One subscriber's bounded buffer. The publisher only ever appends and signals, so a slow reader
 * never holds up the writer; one that falls {@code capacity} events behind is cut at once and its
 * buffer dropped, because it resumes by replay from its last seq anyway.
 */
final class LiveSubscription implements LiveEvents.Subscription {
  private final int capacity;
  private final Consumer<LiveSubscription> onClose;
  private final StreamKey key;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition arrived = lock.newCondition();
  private final ArrayDeque<SessionEvent> buffer = new ArrayDeque<>();
  private boolean closed;
  private boolean overflowed;

  LiveSubscription(int capacity, Consumer<LiveSubscription> onClose, StreamKey key) {
    this.capacity = capacity;
    this.onClose = onClose;
    this.key = key;
  }

  StreamKey key() {
    return key;
  }

  void offer(SessionEvent event) {
    boolean cut = false;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      if (buffer.size() >= capacity) {
        overflowed = true;
        closed = true;
        buffer.clear();
        cut = true;
      } else {
        buffer.addLast(event);
      }
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
    if (cut) {
      onClose.accept(this);
    }
  }

  @Override
  public SessionEvent poll(long timeoutMillis) throws InterruptedException, LiveEvents.Overflowed {
    long remaining = TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis));
    lock.lockInterruptibly();
    try {
      while (true) {
        if (overflowed) {
          throw new LiveEvents.Overflowed();
        }
        SessionEvent next = buffer.pollFirst();
        if (next != null || closed || remaining <= 0) {
          return next;
        }
        remaining = arrived.awaitNanos(remaining);
      }
    } finally {
      lock.unlock();
    }
  }

  @Override
  public List<SessionEvent> drain(int max) throws LiveEvents.Overflowed {
    lock.lock();
    try {
      if (overflowed) {
        throw new LiveEvents.Overflowed();
      }
      List<SessionEvent> out = new ArrayList<>(Math.min(Math.max(max, 0), buffer.size()));
      while (out.size() < max && !buffer.isEmpty()) {
        out.add(buffer.pollFirst());
      }
      return out;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public boolean isClosed() {
    lock.lock();
    try {
      return closed;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void close() {
    lock.lock();
    try {
      closed = true;
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
    onClose.accept(this);
  }
}
