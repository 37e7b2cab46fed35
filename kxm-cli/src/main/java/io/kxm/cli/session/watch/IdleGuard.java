package io.kxm.cli.session.watch;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * Closes an event stream on which nothing arrived, not even a keep-alive comment, for longer than
 * the limit: a connection that died without a word would otherwise block the reader for good.
 * Closing ends the reader's read, and the watch resumes the stream.
 */
final class IdleGuard extends FilterInputStream {
  private final long limitNanos;
  private final Thread watchdog;
  private volatile long lastRead = System.nanoTime();
  private volatile boolean closed;

  IdleGuard(InputStream in, Duration limit) {
    super(in);
    this.limitNanos = limit.toNanos();
    long every = Math.max(10, limit.toMillis() / 4);
    this.watchdog = Thread.ofVirtual().name("kxm-watch-idle").start(() -> watch(every));
  }

  private void watch(long everyMillis) {
    while (!closed) {
      try {
        Thread.sleep(everyMillis);
      } catch (InterruptedException e) {
        return;
      }
      if (System.nanoTime() - lastRead > limitNanos) {
        try {
          in.close();
        } catch (IOException e) {
          // Closing is how the reader is woken; a failed close leaves nothing to clean up.
        }
        return;
      }
    }
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    lastRead = System.nanoTime();
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    int n = super.read(buffer, offset, length);
    lastRead = System.nanoTime();
    return n;
  }

  @Override
  public void close() throws IOException {
    closed = true;
    watchdog.interrupt();
    super.close();
  }
}
