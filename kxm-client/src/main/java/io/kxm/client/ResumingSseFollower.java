package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.retry.Backoff;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Follows one SSE stream of the hub for as long as it is open, the way every follower of a numbered
 * stream must: after any disconnect it reconnects with {@code Last-Event-ID} set to the last number
 * its {@link Frames} handed over, so the hub replays what was missed; failed tries wait by {@link
 * Backoff}, which starts over once a connection delivers; a connection silent past the idle limit
 * (the hub sends heartbeats) counts as dead and is reopened. A refusal in the stream's fatal set
 * ends it through {@code onStopped}, since no retry can fix it.
 *
 * <p>What a frame means, including a {@code cursor_expired} notice, stays with the caller's {@link
 * Frames}; this class owns only the connection and its pacing.
 */
public final class ResumingSseFollower implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ResumingSseFollower.class);

  /** Interprets one stream's frames and keeps its resume point. */
  public interface Frames {
    /** The number a reconnect resumes after; 0 before anything was seen. */
    long lastSeq();

    /** Handles one frame; true when it moved the stream on (a new entry, a notice). */
    boolean dispatch(SseFrame frame);

    /** A frame's data as a JSON object, or null when it is missing, not JSON or not an object. */
    static JsonNode jsonObject(String data) {
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
  }

  /**
   * What differs between the streams followed this way.
   *
   * @param label names the stream in log lines ("event stream")
   * @param threadName the reader thread's name; the idle watcher's adds {@code -idle}
   * @param path the stream's path on the hub
   * @param headers sent on every connection beside {@code Last-Event-ID}
   * @param maxLineBytes longest line read; longer frames are skipped as oversized
   * @param maxEventBytes largest frame read
   * @param fatal refusals that end the stream instead of being retried
   */
  public record Spec(
      String label,
      String threadName,
      String path,
      Map<String, String> headers,
      int maxLineBytes,
      int maxEventBytes,
      Set<ErrorCode> fatal) {
    public Spec {
      headers = Map.copyOf(headers);
      fatal = Set.copyOf(fatal);
    }
  }

  private final HubHttp http;
  private final Spec spec;
  private final Frames frames;
  private final Consumer<KxmException> onStopped;
  private final StreamTiming timing;
  private final CountDownLatch closed = new CountDownLatch(1);
  private volatile InputStream current;
  private volatile long lastActivityNanos = System.nanoTime();
  private Thread reader;

  private ResumingSseFollower(
      HubHttp http,
      Spec spec,
      Frames frames,
      Consumer<KxmException> onStopped,
      StreamTiming timing) {
    this.http = http;
    this.spec = spec;
    this.frames = frames;
    this.onStopped = onStopped;
    this.timing = timing;
  }

  /** Starts following on a virtual thread of its own, with a second one watching for silence. */
  public static ResumingSseFollower start(
      HubHttp http,
      Spec spec,
      Frames frames,
      Consumer<KxmException> onStopped,
      StreamTiming timing) {
    ResumingSseFollower follower = new ResumingSseFollower(http, spec, frames, onStopped, timing);
    follower.reader = Thread.ofVirtual().name(spec.threadName()).start(follower::run);
    Thread.ofVirtual().name(spec.threadName() + "-idle").start(follower::watchIdle);
    return follower;
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
        if (spec.fatal().contains(e.code())) {
          log.warn("{} stopped: {}: {}", spec.label(), e.code().code(), e.getMessage());
          onStopped.accept(e);
          return;
        }
        log.debug("{} refused, will retry: {}", spec.label(), e.getMessage());
      } catch (IOException e) {
        log.debug(
            "{} dropped, will resume after {}: {}", spec.label(), frames.lastSeq(), e.toString());
      }
      failures++;
      if (await(backoff.pause(failures))) {
        return;
      }
    }
  }

  /** One connection, read until it ends; true when it delivered at least one frame. */
  private boolean readOnce() throws IOException {
    Map<String, String> headers = new HashMap<>(spec.headers());
    long resumeAfter = frames.lastSeq();
    if (resumeAfter > 0) {
      headers.put("Last-Event-ID", Long.toString(resumeAfter));
    }
    try (InputStream in = new Activity(http.openStream(spec.path(), headers))) {
      current = in;
      if (closed.getCount() == 0) {
        return false;
      }
      SseReader sse = new SseReader(in, spec.maxLineBytes(), spec.maxEventBytes()).skipOversized();
      boolean delivered = false;
      for (SseFrame frame = sse.next(); frame != null; frame = sse.next()) {
        delivered |= frames.dispatch(frame);
      }
      return delivered;
    } finally {
      current = null;
    }
  }

  /** Waits before the next try; true when closed meanwhile. */
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
      checkIdle();
    }
  }

  /** Reopens the stream when nothing, not even a heartbeat, arrived for the idle limit. */
  private void checkIdle() {
    InputStream in = current;
    if (in != null && System.nanoTime() - lastActivityNanos > timing.idleLimit().toNanos()) {
      log.debug("{} idle past {}, reconnecting", spec.label(), timing.idleLimit());
      closeQuietly(in);
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

  /** Notes when bytes last arrived, for the idle check. */
  private final class Activity extends FilterInputStream {
    Activity(InputStream in) {
      super(in);
      lastActivityNanos = System.nanoTime();
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      lastActivityNanos = System.nanoTime();
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      lastActivityNanos = System.nanoTime();
      return n;
    }
  }
}
