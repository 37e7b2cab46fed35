package io.kxm.hub.ops;

import io.kxm.core.error.ErrorCode;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Operations entries about refused requests: {@code error} with the route template (never the path,
 * which carries ids, nor any message text, which may echo input), the error code and the HTTP
 * status, for 5xx answers and auth refusals. An error of no known project (a bad token) goes to the
 * admin's view only. At most {@value #PER_SECOND} entries a second, so a flood of bad requests
 * cannot turn into a flood of writes.
 *
 * <p>The entry is written on the operations feature's own thread, not on the request thread that
 * heard of the refusal: a slow or failing store must not hold up answers, least of all the 5xx ones
 * it causes. At most {@value #MAX_QUEUED} entries wait for that thread; one more is dropped and
 * counted ({@link #dropped}), as is one refused after the hub began to drain.
 */
final class ErrorOps {
  static final String ERROR = "error";
  static final int PER_SECOND = 20;
  static final int MAX_QUEUED = 64;
  private static final Logger LOG = LoggerFactory.getLogger(ErrorOps.class);

  private final StreamWriter writer;
  private final Clock clock;
  private final Executor background;
  private final AtomicInteger queued = new AtomicInteger();
  private final AtomicLong dropped = new AtomicLong();
  private long second;
  private int used;

  /**
   * @param background runs the writes, one at a time; the operations feature's single thread
   */
  ErrorOps(StreamWriter writer, Clock clock, Executor background) {
    this.writer = writer;
    this.clock = clock;
    this.background = background;
  }

  void refused(String method, String route, int status, ErrorCode code, Principal principal) {
    if (!take()) {
      return;
    }
    String project = principal == null ? "" : principal.project().orElse("");
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("method", method);
    data.put("route", route);
    data.put("code", code.code());
    data.put("status", status);
    data.put("principal", principal == null ? "none" : principal.kind());
    if (queued.incrementAndGet() > MAX_QUEUED) {
      queued.decrementAndGet();
      drop(code, "the queue is full");
      return;
    }
    try {
      background.execute(() -> write(project, data));
    } catch (RejectedExecutionException e) {
      queued.decrementAndGet();
      drop(code, "the hub is draining");
    }
  }

  /** Entries dropped because the writer was behind or gone. */
  long dropped() {
    return dropped.get();
  }

  private void write(String project, Map<String, Object> data) {
    try {
      writer.write((tx, events) -> events.ops(project, ERROR, data));
    } catch (RuntimeException e) {
      // The answer already went out; a failed entry must not turn into a second failure.
      LOG.debug("could not log a refused request in the operations log: {}", e.toString());
    } finally {
      queued.decrementAndGet();
    }
  }

  private void drop(ErrorCode code, String why) {
    long total = dropped.incrementAndGet();
    LOG.debug(
        "dropped the operations entry of a {} refusal, {} ({} so far)", code.code(), why, total);
  }

  private synchronized boolean take() {
    long now = clock.millis() / 1000;
    if (now != second) {
      second = now;
      used = 0;
    }
    return used++ < PER_SECOND;
  }
}
