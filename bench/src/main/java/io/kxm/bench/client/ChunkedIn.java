package io.kxm.bench.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/** The body of a chunked HTTP/1.1 response, de-chunked; ends at the last (zero) chunk. */
final class ChunkedIn extends InputStream {
  private final WireIn in;
  private long left;
  private boolean afterChunk;
  private boolean done;

  ChunkedIn(WireIn in) {
    this.in = in;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (done) {
      return -1;
    }
    if (left == 0) {
      // The CR LF that ends a chunk is read only now: servers such as Jetty send it together with
      // the next chunk, and waiting for it would hold back the chunk already received.
      if (afterChunk) {
        String end = in.readLine(2);
        if (end == null) {
          throw new EOFException("connection closed after a chunk");
        }
        if (!end.isEmpty()) {
          throw new IOException("chunk data longer than its declared size");
        }
      }
      afterChunk = false;
      String size = in.readLine(1024);
      if (size == null) {
        throw new EOFException("connection closed between chunks");
      }
      int ext = size.indexOf(';');
      left = Long.parseLong((ext < 0 ? size : size.substring(0, ext)).trim(), 16);
      if (left == 0) {
        // Trailers, then the blank line that ends the body.
        while (true) {
          String line = in.readLine(8192);
          if (line == null || line.isEmpty()) {
            break;
          }
        }
        done = true;
        return -1;
      }
    }
    int n = in.read(b, off, (int) Math.min(len, left));
    if (n < 0) {
      throw new EOFException("connection closed inside a chunk");
    }
    left -= n;
    afterChunk = left == 0;
    return n;
  }
}
