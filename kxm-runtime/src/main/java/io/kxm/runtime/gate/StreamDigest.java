package io.kxm.runtime.gate;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Drains one output stream of a child process on its own thread into a SHA-256 digest and a byte
 * count. Nothing is kept but those two, so a gate that prints gigabytes costs no memory and leaves
 * no copy of what it printed.
 */
final class StreamDigest {
  private static final int BUFFER = 8192;

  private final MessageDigest digest;
  private final CountDownLatch done = new CountDownLatch(1);
  private long bytes;

  private StreamDigest() {
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK ships SHA-256", e);
    }
  }

  /** Starts draining {@code in} on a daemon thread named {@code name}. */
  static StreamDigest drain(InputStream in, String name) {
    StreamDigest sink = new StreamDigest();
    Thread.ofPlatform().daemon().name(name).start(() -> sink.pump(in));
    return sink;
  }

  private void pump(InputStream in) {
    byte[] buffer = new byte[BUFFER];
    try (in) {
      int n;
      while ((n = in.read(buffer)) >= 0) {
        digest.update(buffer, 0, n);
        bytes += n;
      }
    } catch (IOException e) {
      // the pipe was closed under us because the process tree was killed; the outcome is then
      // TimedOut or Cancelled and the digest is never read
    } finally {
      done.countDown();
    }
  }

  /** Waits up to {@code wait} for the end of the stream; true once it has ended. */
  boolean awaitEnd(Duration wait) throws InterruptedException {
    return done.await(wait.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** The byte count; call only after the stream ended. */
  long bytes() {
    return bytes;
  }

  /** The hex SHA-256 of everything read; call only after the stream ended, and only once. */
  String sha256() {
    return HexFormat.of().formatHex(digest.digest());
  }
}
