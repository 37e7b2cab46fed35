package io.kxm.client.ops;

import io.kxm.client.HubHttp;
import io.kxm.client.StreamTiming;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.retry.Backoff;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One follower of the operations stream, shaped like the agent event stream's: after a dropped
 * connection it reconnects with {@code Last-Event-ID} after the last number it handed over, and
 * drops anything at or below it, so each entry reaches the consumer once. A refusal no retry can
 * fix (a bad token, another project's stream) stops it; {@link #stopped} then says why. When the
 * hub purged entries the cursor needed, the consumer gets {@code {"kind":"cursor_expired",...}} and
 * following goes on from the oldest entry kept.
 */
public final class OpsFollower implements AutoCloseable {
  /** Entries are metadata of a few hundred bytes; this bounds what one hub can make us hold. */
  private static final int MAX_LINE_BYTES = 256 * 1024;

  private static final Logger log = LoggerFactory.getLogger(OpsFollower.class);
  private static final Set<ErrorCode> FATAL =
      Set.of(
          ErrorCode.AUTH_INVALID,
          ErrorCode.AUTH_REQUIRED,
          ErrorCode.PROJECT_FORBIDDEN,
          ErrorCode.INVALID_CURSOR,
          ErrorCode.INVALID_REQUEST,
          ErrorCode.NOT_FOUND,
          ErrorCode.METHOD_NOT_ALLOWED);

  private final HubHttp http;
  private final String path;
  private final Consumer<JsonNode> onEntry;
  private final StreamTiming timing;
  private final CountDownLatch closed = new CountDownLatch(1);
  private volatile long lastSeq;
  private volatile long lastActivityNanos = System.nanoTime();
  private volatile InputStream current;
  private volatile KxmException stopped;
  private Thread reader;

  private OpsFollower(
      HubHttp http, String path, long afterSeq, Consumer<JsonNode> onEntry, StreamTiming timing) {
    this.http = http;
    this.path = path;
    this.lastSeq = afterSeq;
    this.onEntry = onEntry;
    this.timing = timing;
  }

  static OpsFollower start(
      HubHttp http, String path, long afterSeq, Consumer<JsonNode> onEntry, StreamTiming timing) {
    OpsFollower follower = new OpsFollower(http, path, afterSeq, onEntry, timing);
    follower.reader = Thread.ofVirtual().name("kxm-ops-follow").start(follower::run);
    Thread.ofVirtual().name("kxm-ops-idle").start(follower::watchIdle);
    return follower;
  }

  /** The number of the last entry handed over: where a reconnect resumes. */
  public long lastSeq() {
    return lastSeq;
  }

  /** The refusal that stopped this follower, or null while it follows. */
  public KxmException stopped() {
    return stopped;
  }

  private void run() {
    Backoff backoff = new Backoff(timing.retryMin(), timing.retryMax());
    int failures = 0;
    while (closed.getCount() > 0) {
      try {
        if (readOnce()) {
          failures = 0;
        }
      } catch (KxmException e) {
        if (FATAL.contains(e.code())) {
          log.warn("operations stream stopped: {}: {}", e.code().code(), e.getMessage());
          stopped = e;
          return;
        }
        log.debug("operations stream refused, will retry: {}", e.getMessage());
      } catch (IOException e) {
        log.debug("operations stream dropped, resuming after {}: {}", lastSeq, e.toString());
      }
      failures++;
      if (await(backoff.pause(failures))) {
        return;
      }
    }
  }

  /** One connection, read until it ends; true when it handed over at least one entry. */
  private boolean readOnce() throws IOException {
    Map<String, String> headers =
        lastSeq > 0 ? Map.of("Last-Event-ID", Long.toString(lastSeq)) : Map.of();
    try (InputStream in = http.openStream(path, headers)) {
      current = in;
      lastActivityNanos = System.nanoTime();
      if (closed.getCount() == 0) {
        return false;
      }
      SseReader sse = new SseReader(in, MAX_LINE_BYTES, MAX_LINE_BYTES).skipOversized();
      boolean delivered = false;
      for (SseFrame frame = sse.next(); frame != null; frame = sse.next()) {
        lastActivityNanos = System.nanoTime();
        delivered |= dispatch(frame);
      }
      return delivered;
    } finally {
      current = null;
    }
  }

  private boolean dispatch(SseFrame frame) {
    if ("cursor_expired".equals(frame.event())) {
      JsonNode body = parse(frame.data());
      ObjectNode notice = Json.MAPPER.createObjectNode();
      notice.put("kind", "cursor_expired");
      long first = body == null ? 0 : body.path("firstRetainedSeq").asLong(0);
      notice.put("firstRetainedSeq", first);
      if (first > 1) {
        lastSeq = Math.max(lastSeq, first - 1);
      }
      deliver(notice);
      return true;
    }
    if (frame.id() == null || frame.oversized()) {
      return false; // comments carry no id; an oversized frame is not an entry we can read
    }
    long seq;
    try {
      seq = Long.parseLong(frame.id().strip());
    } catch (NumberFormatException e) {
      return false;
    }
    if (seq <= lastSeq) {
      return false;
    }
    JsonNode entry = parse(frame.data());
    if (entry != null) {
      deliver(entry);
    }
    lastSeq = seq;
    return true;
  }

  private void deliver(JsonNode entry) {
    try {
      onEntry.accept(entry);
    } catch (RuntimeException e) {
      // One entry the consumer cannot handle must not stall the stream behind it.
      log.warn("operations entry {} could not be handled", entry.path("seq").asLong(), e);
    }
  }

  private static JsonNode parse(String data) {
    if (data == null) {
      return null;
    }
    try {
      JsonNode node = Json.read(data);
      return node.isObject() ? node : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  private boolean await(Duration pause) {
    try {
      return closed.await(pause.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  private void watchIdle() {
    Duration every = timing.idleLimit().dividedBy(3);
    while (!await(every)) {
      InputStream in = current;
      if (in != null && System.nanoTime() - lastActivityNanos > timing.idleLimit().toNanos()) {
        log.debug("operations stream idle past {}, reconnecting", timing.idleLimit());
        closeQuietly(in);
      }
    }
  }

  @Override
  public void close() {
    closed.countDown();
    InputStream in = current;
    if (in != null) {
      closeQuietly(in);
    }
    if (reader != null) {
      reader.interrupt();
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException e) {
      // Closing is how a blocked reader is woken; a failed close leaves nothing to clean up.
    }
  }
}
