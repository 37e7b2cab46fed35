package io.kxm.core.sse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Reads server-sent events from a byte stream with bounded memory. Lines end with LF, CRLF or a
 * lone CR; a field's value loses one leading space; comments ({@code : heartbeat}) are passed to
 * {@link #onComment} and never make a frame. A line longer than {@code maxLine} bytes, or an event
 * whose data passes {@code maxEvent} bytes, refuses the peer with an {@link IOException} naming the
 * limit; a reader told to {@link #skipOversized()} instead consumes such an event unkept and
 * returns it flagged {@link SseFrame#oversized()}. Bytes are scanned in place: only the values of
 * {@code id}, {@code event} and {@code data} become strings, once per event.
 *
 * <p>Configure a reader before its first read; it is not safe for use by several threads.
 */
public final class SseReader {
  /** The read buffer a reader gets unless told otherwise. */
  public static final int DEFAULT_BUFFER = 8192;

  private static final byte[] DATA = "data".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ID = "id".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EVENT = "event".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] RETRY = "retry".getBytes(StandardCharsets.US_ASCII);

  private final InputStream in;
  private final int maxLine;
  private final int maxEvent;
  private final byte[] buf;
  private int pos;
  private int lim;
  private boolean afterCr;
  private byte[] line = new byte[128];
  private int lineLength;
  private boolean lineTooLong;
  private byte[] data = new byte[128];
  private int dataLength;
  private boolean skipOversized;
  private Consumer<String> comments;
  private Consumer<String> lines;

  /**
   * A reader with the {@link #DEFAULT_BUFFER}.
   *
   * @param maxLine the most bytes one line may hold, its terminator not counted
   * @param maxEvent the most bytes one event's data may hold, joining newlines counted
   */
  public SseReader(InputStream in, int maxLine, int maxEvent) {
    this(in, maxLine, maxEvent, DEFAULT_BUFFER);
  }

  /**
   * A reader with its own read buffer size (small for idle connections held by the thousand).
   *
   * @throws IllegalArgumentException when a limit or the buffer size is not positive
   */
  public SseReader(InputStream in, int maxLine, int maxEvent, int bufferSize) {
    if (maxLine <= 0 || maxEvent <= 0 || bufferSize <= 0) {
      throw new IllegalArgumentException(
          "SSE limits and buffer must be positive: maxLine="
              + maxLine
              + " maxEvent="
              + maxEvent
              + " bufferSize="
              + bufferSize);
    }
    this.in = in;
    this.maxLine = maxLine;
    this.maxEvent = maxEvent;
    this.buf = new byte[bufferSize];
  }

  /** Returns oversized events flagged and without data instead of refusing the peer. */
  public SseReader skipOversized() {
    this.skipOversized = true;
    return this;
  }

  /** Hands each comment's text (after the colon and one space) to {@code comments}. */
  public SseReader onComment(Consumer<String> comments) {
    this.comments = comments;
    return this;
  }

  /** Hands every line as it came, blank ones included, to {@code lines} (for wire assertions). */
  public SseReader onLine(Consumer<String> lines) {
    this.lines = lines;
    return this;
  }

  /**
   * The next event that carried any field, or null when the stream ended (a half-sent last event is
   * dropped). An event without {@code data:} lines comes with null data.
   *
   * @throws IOException when the stream breaks, or the peer passes a limit and oversized events are
   *     not skipped
   */
  public SseFrame next() throws IOException {
    String id = null;
    String event = null;
    Long retry = null;
    boolean hasData = false;
    boolean oversized = false;
    boolean any = false;
    dataLength = 0;
    while (readLine()) {
      if (lines != null) {
        lines.accept(lineTooLong ? "" : text(0, lineLength));
      }
      if (lineTooLong) {
        oversized = true;
        any = true;
        continue;
      }
      if (lineLength == 0) {
        if (any) {
          String value = !hasData || oversized ? null : text(data, 0, dataLength);
          return new SseFrame(id, event, value, retry, oversized);
        }
        continue;
      }
      if (line[0] == ':') {
        if (comments != null) {
          comments.accept(text(valueStart(0), lineLength));
        }
        continue;
      }
      any = true;
      int colon = indexOfColon();
      int start = colon < 0 ? lineLength : valueStart(colon);
      int nameLength = colon < 0 ? lineLength : colon;
      if (is(DATA, nameLength)) {
        if (!oversized) {
          int length = lineLength - start;
          int size = dataLength + (hasData ? 1 : 0) + length;
          if (size > maxEvent) {
            if (!skipOversized) {
              throw new IOException(
                  "an SSE event's data passes " + maxEvent + " bytes; the peer is refused");
            }
            oversized = true;
          } else {
            appendData(hasData, start, length);
            hasData = true;
          }
        }
      } else if (is(ID, nameLength)) {
        id = text(start, lineLength);
      } else if (is(EVENT, nameLength)) {
        event = text(start, lineLength);
      } else if (is(RETRY, nameLength)) {
        retry = digits(start);
      }
      // Other fields carry nothing; the standard says to ignore them.
    }
    return null;
  }

  /**
   * Reads past the next event that has data without decoding it; false when the stream ended first.
   * A line that starts with {@code d} counts as data: this is for counting a trusted stream's
   * events fast, and keeps nothing, so no limit applies.
   */
  public boolean skip() throws IOException {
    boolean lineStart = true;
    boolean lineEmpty = true;
    boolean sawData = false;
    while (true) {
      if (pos == lim && !fill()) {
        return false;
      }
      byte[] b = buf;
      int p = pos;
      int end = lim;
      // The CR state stays in a local: a field written per byte costs this loop most of its speed.
      boolean cr = afterCr;
      while (p < end) {
        byte c = b[p++];
        if (c == '\n' || c == '\r') {
          if (c == '\n' && cr) {
            cr = false;
            continue;
          }
          cr = c == '\r';
          if (lineEmpty && sawData) {
            pos = p;
            afterCr = cr;
            return true;
          }
          if (lineEmpty) {
            sawData = false;
          }
          lineStart = true;
          lineEmpty = true;
        } else {
          cr = false;
          if (lineStart) {
            sawData |= c == 'd';
            lineStart = false;
          }
          lineEmpty = false;
        }
      }
      pos = p;
      afterCr = cr;
    }
  }

  /**
   * Reads one line into {@link #line}; false at the end of the stream (a line without its
   * terminator is dropped). A line past the limit is refused, or consumed unkept and flagged in
   * {@link #lineTooLong}.
   */
  private boolean readLine() throws IOException {
    lineLength = 0;
    lineTooLong = false;
    while (true) {
      if (pos == lim && !fill()) {
        return false;
      }
      int p = pos;
      if (afterCr) {
        afterCr = false;
        if (buf[p] == '\n') {
          pos = ++p;
          continue;
        }
      }
      int end = lim;
      while (p < end && buf[p] != '\n' && buf[p] != '\r') {
        p++;
      }
      keep(pos, p - pos);
      if (p < end) {
        afterCr = buf[p] == '\r';
        pos = p + 1;
        return true;
      }
      pos = p;
    }
  }

  private void keep(int from, int length) throws IOException {
    if (lineTooLong || length == 0) {
      return;
    }
    if (lineLength + length > maxLine) {
      if (!skipOversized) {
        throw new IOException("an SSE line passes " + maxLine + " bytes; the peer is refused");
      }
      lineTooLong = true;
      lineLength = 0;
      return;
    }
    if (lineLength + length > line.length) {
      line = Arrays.copyOf(line, Math.min(maxLine, Math.max(lineLength + length, line.length * 2)));
    }
    System.arraycopy(buf, from, line, lineLength, length);
    lineLength += length;
  }

  private void appendData(boolean joined, int start, int length) {
    int size = dataLength + (joined ? 1 : 0) + length;
    if (size > data.length) {
      data = Arrays.copyOf(data, Math.min(maxEvent, Math.max(size, data.length * 2)));
    }
    if (joined) {
      data[dataLength++] = '\n';
    }
    System.arraycopy(line, start, data, dataLength, length);
    dataLength += length;
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

  private int indexOfColon() {
    for (int i = 0; i < lineLength; i++) {
      if (line[i] == ':') {
        return i;
      }
    }
    return -1;
  }

  private int valueStart(int colon) {
    int start = colon + 1;
    return start < lineLength && line[start] == ' ' ? start + 1 : start;
  }

  private boolean is(byte[] name, int length) {
    return length == name.length && Arrays.equals(line, 0, length, name, 0, length);
  }

  /** A retry value: ASCII digits only, or null as the standard ignores anything else. */
  private Long digits(int start) {
    if (start == lineLength || lineLength - start > 18) {
      return null;
    }
    long value = 0;
    for (int i = start; i < lineLength; i++) {
      byte c = line[i];
      if (c < '0' || c > '9') {
        return null;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private String text(int from, int to) {
    return text(line, from, to);
  }

  private static String text(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, StandardCharsets.UTF_8);
  }
}
