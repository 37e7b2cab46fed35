package io.kxm.client;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows one agent's event stream ({@code GET /v1/agents/{id}/events}) for as long as it is open:
 * after any disconnect it reconnects with {@code Last-Event-ID}, so the hub replays what was missed
 * and the listener sees each event once, in order. A stream silent for longer than the idle limit
 * counts as dead and is reopened. Refusals that a retry cannot fix (a rotated key, a missing route)
 * end it through {@link AgentEventListener#onStopped}.
 */
public final class AgentEventStream implements AutoCloseable {
  /** Bounds on what one peer can make this process hold; a request is at most 32,000 chars. */
  public static final int MAX_LINE_BYTES = 1024 * 1024;

  public static final int MAX_EVENT_BYTES = 1024 * 1024;

  private static final Logger log = LoggerFactory.getLogger(AgentEventStream.class);
  private static final Set<ErrorCode> FATAL =
      Set.of(
          ErrorCode.AGENT_KEY_INVALID,
          ErrorCode.AUTH_INVALID,
          ErrorCode.AUTH_REQUIRED,
          ErrorCode.PROJECT_FORBIDDEN,
          ErrorCode.NOT_FOUND,
          ErrorCode.METHOD_NOT_ALLOWED);

  private final HubHttp http;
  private final String path;
  private final Map<String, String> keyHeader;
  private final AgentEventListener listener;
  private final StreamTiming timing;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final FrameDispatcher frames;
  private volatile InputStream current;
  private volatile long lastActivityNanos = System.nanoTime();
  private Thread reader;

  private AgentEventStream(
      HubHttp http,
      String path,
      Map<String, String> keyHeader,
      long afterSeq,
      AgentEventListener listener,
      StreamTiming timing) {
    this.http = http;
    this.path = path;
    this.keyHeader = keyHeader;
    this.frames = new FrameDispatcher(listener, afterSeq);
    this.listener = listener;
    this.timing = timing;
  }

  /** Starts following the stream of the agent {@code peers} acts as, after {@code afterSeq}. */
  public static AgentEventStream follow(
      HubHttp http,
      HttpPeerOperations peers,
      long afterSeq,
      AgentEventListener listener,
      StreamTiming timing) {
    AgentEventStream stream =
        new AgentEventStream(
            http, peers.eventsPath(), peers.keyHeader(), afterSeq, listener, timing);
    stream.reader =
        Thread.ofVirtual().name("kxm-events-" + peers.agent().name()).start(stream::run);
    Thread.ofVirtual().name("kxm-events-idle").start(stream::watchIdle);
    return stream;
  }

  /** The last sequence number handed to the listener (or skipped as unreadable). */
  public long lastSeq() {
    return frames.lastSeq();
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
          log.warn("event stream stopped: {}: {}", e.code().code(), e.getMessage());
          listener.onStopped(e);
          return;
        }
        log.debug("event stream refused, will retry: {}", e.getMessage());
      } catch (IOException e) {
        log.debug("event stream dropped, will resume after {}: {}", lastSeq(), e.toString());
      }
      failures++;
      if (await(backoff.pause(failures))) {
        return;
      }
    }
  }

  /** One connection, read until it ends; true when it delivered at least one event. */
  private boolean readOnce() throws IOException {
    Map<String, String> headers = new HashMap<>(keyHeader);
    if (lastSeq() > 0) {
      headers.put("Last-Event-ID", Long.toString(lastSeq()));
    }
    try (InputStream in = new Activity(http.openStream(path, headers))) {
      current = in;
      if (closed.getCount() == 0) {
        return false;
      }
      SseReader sse = new SseReader(in, MAX_LINE_BYTES, MAX_EVENT_BYTES).skipOversized();
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
      log.debug("event stream idle past {}, reconnecting", timing.idleLimit());
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
      // Closing is how a reader is woken; a failure to close leaves nothing to clean up.
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
