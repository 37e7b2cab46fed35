package io.kxm.supervisor;

import io.javalin.http.Context;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Counts calls in flight and turns new ones away while the supervisor stops, in two steps. First
 * only calls that would start a run are refused with 503 {@code server_draining}, so that while
 * active runs finish, clients can still read them, answer their questions, cancel them and follow
 * their streams. Then every new call is refused and the calls already running get what is left of
 * the grace period. Event streams leave the count once they start streaming, since they last as
 * long as their client stays; the supervisor ends them itself.
 */
final class Drain {
  private static final String COUNTED = "kxm.drain.counted";

  /** POST routes that start a run: workflow runs, their drives, and session turns. */
  private static final Pattern STARTS_RUN =
      Pattern.compile("/v1/runs|/v1/runs/[^/]+/drive|/v1/sessions/[^/]+/runs");

  private enum Phase {
    OPEN,
    REFUSING_RUNS,
    CLOSED
  }

  private volatile Phase phase = Phase.OPEN;
  private int inFlight;

  void enter(Context ctx) {
    synchronized (this) {
      if (phase == Phase.CLOSED
          || (phase == Phase.REFUSING_RUNS && startsRun(ctx.method().name(), ctx.path()))) {
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
    ctx.attribute(COUNTED, null);
    synchronized (this) {
      inFlight--;
      notifyAll();
    }
  }

  static boolean startsRun(String method, String path) {
    return method.equals("POST") && STARTS_RUN.matcher(path).matches();
  }

  boolean isDraining() {
    return phase != Phase.OPEN;
  }

  /** The first step: calls that would start a run are refused from now on. */
  void refuseNewRuns() {
    synchronized (this) {
      if (phase == Phase.OPEN) {
        phase = Phase.REFUSING_RUNS;
      }
    }
  }

  /**
   * The second step: stops admitting calls and waits for the running ones.
   *
   * @return whether every call finished within {@code grace}
   */
  synchronized boolean drain(Duration grace) throws InterruptedException {
    phase = Phase.CLOSED;
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
