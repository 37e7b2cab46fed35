package io.kxm.bench.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Buffered reading of one socket without the locking of {@link java.io.BufferedInputStream}: each
 * connection belongs to one virtual thread, and the load client must stay lean.
 */
final class WireIn extends InputStream {
  private final InputStream in;
  private final byte[] buf;
  private int pos;
  private int lim;

  WireIn(InputStream in, int size) {
    this.in = in;
    this.buf = new byte[size];
  }

  @Override
  public int read() throws IOException {
    if (pos == lim && !fill()) {
      return -1;
    }
    return buf[pos++] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (pos == lim) {
      if (len >= buf.length) {
        return in.read(b, off, len);
      }
      if (!fill()) {
        return -1;
      }
    }
    int n = Math.min(len, lim - pos);
    System.arraycopy(buf, pos, b, off, n);
    pos += n;
    return n;
  }

  void readFully(byte[] b) throws IOException {
    int off = 0;
    while (off < b.length) {
      int n = read(b, off, b.length - off);
      if (n < 0) {
        throw new EOFException(
            "connection closed " + off + " bytes into a " + b.length + "-byte body");
      }
      off += n;
    }
  }

  /**
   * One line without its CR LF, as ISO-8859-1 (HTTP heads are ASCII); null when the peer closed
   * before sending any of it. A line longer than {@code max} bytes is refused, as any peer may be
   * hostile.
   */
  String readLine(int max) throws IOException {
    byte[] line = new byte[Math.min(max, 256)];
    int n = 0;
    while (true) {
      int c = read();
      if (c < 0) {
        if (n == 0) {
          return null;
        }
        throw new EOFException("connection closed inside a line");
      }
      if (c == '\n') {
        break;
      }
      if (n == line.length) {
        if (n >= max) {
          throw new IOException("line longer than " + max + " bytes");
        }
        line = java.util.Arrays.copyOf(line, Math.min(max, n * 2));
      }
      line[n++] = (byte) c;
    }
    if (n > 0 && line[n - 1] == '\r') {
      n--;
    }
    return new String(line, 0, n, StandardCharsets.ISO_8859_1);
  }

  private boolean fill() throws IOException {
    int n = in.read(buf, 0, buf.length);
    if (n <= 0) {
      return false;
    }
    pos = 0;
    lim = n;
    return true;
  }
}
