package io.kxm.session.harness;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a stream to its end and keeps only its last {@code capacity} bytes: a harness's stderr is
 * for diagnosis, and draining it all keeps a chatty child from blocking on a full pipe.
 */
final class StderrTail {
  private final byte[] ring;
  private long written;

  StderrTail(int capacity) {
    this.ring = new byte[capacity];
  }

  /** Reads {@code in} until it ends or fails; a failure just ends the tail. */
  void drain(InputStream in) {
    byte[] chunk = new byte[8192];
    try (in) {
      int read;
      while ((read = in.read(chunk)) > 0) {
        append(chunk, read);
      }
    } catch (IOException e) {
      // the process ended and its pipe closed under us; what was read so far is the tail
    }
  }

  private synchronized void append(byte[] chunk, int length) {
    for (int i = 0; i < length; i++) {
      ring[(int) (written++ % ring.length)] = chunk[i];
    }
  }

  /** The last bytes read, as UTF-8 text (a character cut at the start shows as a replacement). */
  synchronized String text() {
    int size = (int) Math.min(written, ring.length);
    byte[] tail = new byte[size];
    for (int i = 0; i < size; i++) {
      tail[i] = ring[(int) ((written - size + i) % ring.length)];
    }
    return new String(tail, StandardCharsets.UTF_8);
  }
}
