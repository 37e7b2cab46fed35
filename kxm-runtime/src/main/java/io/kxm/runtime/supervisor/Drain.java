package io.kxm.runtime.supervisor;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Counts calls in flight and turns new ones away once the supervisor stops: it then answers 503
 * {@code server_draining} and waits, up to the grace period, for the calls already running.
 */
final class Drain {
  private static final String COUNTED = "kxm.drain.counted";

  private final AtomicBoolean draining = new AtomicBoolean();
  private int inFlight;

  void enter(Context ctx) {
    synchronized (this) {
      if (draining.get()) {
        throw new KxmException(ErrorCode.SERVER_DRAINING, "the supervisor is shutting down");
      }
      inFlight++;
    }
    ctx.attribute(COUNTED, Boolean.TRUE);
  }

  void leave(Context ctx) {
    if (ctx.attribute(COUNTED) == null) {
      return;
    }
    synchronized (this) {
      inFlight--;
      notifyAll();
    }
  }

  boolean isDraining() {
    return draining.get();
  }

  /**
   * Stops admitting calls and waits for the running ones.
   *
   * @return whether every call finished within {@code grace}
   */
  synchronized boolean drain(Duration grace) throws InterruptedException {
    draining.set(true);
    long deadline = System.nanoTime() + grace.toNanos();
    while (inFlight > 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }

  synchronized int inFlight() {
    return inFlight;
  }
}
