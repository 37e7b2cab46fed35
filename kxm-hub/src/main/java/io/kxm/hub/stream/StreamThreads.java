package io.kxm.hub.stream;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads serving open event streams, so a drain can end them at once: a follower waits for
 * live events up to a heartbeat interval, longer than a drain should take. Interrupting the serving
 * thread ends that wait, and the stream finishes as a normal end of response.
 */
public final class StreamThreads {
  private final Set<Thread> serving = ConcurrentHashMap.newKeySet();
  private volatile boolean draining;

  /**
   * Registers the calling thread until the returned entry closes; empty when the hub is draining
   * and the stream should not start.
   */
  public Optional<Entry> enter() {
    Thread self = Thread.currentThread();
    serving.add(self);
    if (draining) {
      serving.remove(self);
      Thread.interrupted(); // a drain that raced this call may have interrupted us
      return Optional.empty();
    }
    return Optional.of(() -> serving.remove(self));
  }

  public boolean draining() {
    return draining;
  }

  /** Ends every open stream and refuses to register new ones. */
  public void drain() {
    draining = true;
    serving.forEach(Thread::interrupt);
  }

  public int size() {
    return serving.size();
  }

  /** One registered stream. */
  public interface Entry extends AutoCloseable {
    @Override
    void close();
  }
}
