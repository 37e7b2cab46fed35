package io.kxm.mcp.stdio;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's stdin. It notes each request that passes through, and holds back end-of-file from
 * the SDK until those requests are answered: once the SDK sees end-of-file it stops writing, and
 * answers still in flight would be lost.
 */
final class WatchedStdin extends FilterInputStream {
  private static final Logger log = LoggerFactory.getLogger(WatchedStdin.class);

  private final PendingRequests pending;
  private final Duration drainTimeout;
  private final JsonRpcLines lines;
  private final Runnable onEnd;
  private boolean ended;

  /**
   * @param onEnd runs once, after stdin ended and the answers in flight were flushed (or the drain
   *     timed out), just before the SDK is shown end-of-file
   */
  WatchedStdin(InputStream in, PendingRequests pending, Duration drainTimeout, Runnable onEnd) {
    super(in);
    this.pending = pending;
    this.drainTimeout = drainTimeout;
    this.onEnd = onEnd;
    this.lines =
        new JsonRpcLines(message -> {
          String id = JsonRpcLines.id(message);
          if (id != null && message.has("method")) {
            pending.received(id);
          }
        });
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n == -1 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n;
    try {
      n = super.read(buffer, offset, length);
    } catch (IOException e) {
      drain();
      throw e;
    }
    if (n == -1) {
      drain();
      return -1;
    }
    lines.accept(buffer, offset, n);
    return n;
  }

  private void drain() {
    if (ended) {
      return;
    }
    ended = true;
    try {
      if (!pending.awaitNone(drainTimeout)) {
        log.warn("stdin closed; giving up on {} unanswered requests", pending.size());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      onEnd.run();
    }
  }
}
