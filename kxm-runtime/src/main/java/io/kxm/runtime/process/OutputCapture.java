package io.kxm.runtime.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains a process's output to its end and keeps its first and last bytes only, so a command that
 * prints without end neither blocks on a full pipe nor fills memory.
 */
public final class OutputCapture {
  private final int headBytes;
  private final byte[] tail;
  private final ByteArrayOutputStream head = new ByteArrayOutputStream();
  private long total;
  private int tailEnd;

  public OutputCapture(int headBytes, int tailBytes) {
    this.headBytes = headBytes;
    this.tail = new byte[tailBytes];
  }

  /** Reads {@code in} to its end on the calling thread, then closes it. */
  public void drain(InputStream in) {
    byte[] buffer = new byte[8192];
    try (in) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        take(buffer, n);
      }
    } catch (IOException e) {
      // the process ended or was killed; what arrived is kept
    }
  }

  private synchronized void take(byte[] buffer, int n) {
    for (int i = 0; i < n; i++) {
      if (head.size() < headBytes) {
        head.write(buffer[i]);
      } else if (tail.length > 0) {
        tail[(int) ((total - headBytes) % tail.length)] = buffer[i];
        tailEnd = (int) Math.min(tail.length, total - headBytes + 1);
      }
      total++;
    }
  }

  /** Whether bytes beyond the head arrived, so that {@link #text()} is not the whole output. */
  public synchronized boolean truncated() {
    return total > headBytes;
  }

  /** The first bytes as they arrived, at most {@code headBytes} of them. */
  public synchronized byte[] head() {
    return head.toByteArray();
  }

  /** The head and tail as text, with a line saying how many bytes between them were left out. */
  public synchronized String text() {
    String start = head.toString(StandardCharsets.UTF_8);
    if (total <= headBytes) {
      return start;
    }
    if (tail.length == 0) {
      return start;
    }
    long tailCount = total - headBytes;
    byte[] last = new byte[tailEnd];
    int from = (int) (tailCount % tail.length);
    for (int i = 0; i < tailEnd; i++) {
      last[i] = tail[tailCount > tail.length ? (from + i) % tail.length : i];
    }
    String end = new String(last, StandardCharsets.UTF_8);
    long skipped = total - headBytes - tailEnd;
    return skipped > 0 ? start + "\n… " + skipped + " bytes left out …\n" + end : start + end;
  }
}
