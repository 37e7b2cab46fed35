package io.kxm.session.harness;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines without ever holding more than {@code maxBytes} of one: the rest
 * of an overlong line is read and thrown away, keeping only its length and first bytes, so a peer
 * cannot make the reader buffer without bound.
 */
final class BoundedLineReader {
  /** How many leading bytes of an overlong line are kept for the protocol error. */
  static final int KEPT_OF_OVERLONG = 2048;

  private final InputStream in;
  private final int maxBytes;
  private final byte[] buffer = new byte[64 * 1024];
  private int position;
  private int limit;

  BoundedLineReader(InputStream in, int maxBytes) {
    this.in = in;
    this.maxBytes = maxBytes;
  }

  /**
   * One line read to its {@code \n} (or the end of the stream), without the newline.
   *
   * @param bytes the line, or its first {@link #KEPT_OF_OVERLONG} bytes when {@code overlong}
   * @param length the line's full length in bytes
   */
  record Line(byte[] bytes, long length, boolean overlong) {}

  /** The next line, or null at the end of the stream. */
  Line next() throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    long length = 0;
    boolean any = false;
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          return any ? finish(line, length) : null;
        }
      }
      any = true;
      int start = position;
      while (position < limit && buffer[position] != '\n') {
        position++;
      }
      int chunk = position - start;
      long room = Math.max(0, (long) maxBytes + 1 - line.size());
      line.write(buffer, start, (int) Math.min(chunk, room));
      length += chunk;
      if (position < limit) {
        position++;
        return finish(line, length);
      }
    }
  }

  private Line finish(ByteArrayOutputStream line, long length) {
    if (length > maxBytes) {
      byte[] all = line.toByteArray();
      byte[] kept = Arrays.copyOf(all, Math.min(maxBytes, KEPT_OF_OVERLONG));
      return new Line(kept, length, true);
    }
    return new Line(line.toByteArray(), length, false);
  }
}
