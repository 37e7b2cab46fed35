package io.kxm.client.sse;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads server-sent events from a byte stream with bounded memory: a line longer than {@code
 * maxLine} bytes, or an event whose data passes {@code maxEvent}, is consumed without being kept
 * and reported as {@link SseFrame#oversized()}, so one huge event from a peer can neither exhaust
 * memory nor wedge the reader. Comments ({@code : heartbeat}) are skipped.
 */
public final class SseReader {
  private final InputStream in;
  private final int maxLine;
  private final int maxEvent;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private boolean lineTooLong;

  public SseReader(InputStream in, int maxLine, int maxEvent) {
    this.in = new BufferedInputStream(in);
    this.maxLine = maxLine;
    this.maxEvent = maxEvent;
  }

  /** The next event, or null when the stream ended (a half-sent last event is dropped). */
  public SseFrame next() throws IOException {
    String id = null;
    String event = null;
    StringBuilder data = null;
    boolean oversized = false;
    boolean any = false;
    while (true) {
      String text = readLine();
      if (text == null) {
        return null;
      }
      if (lineTooLong) {
        oversized = true;
        any = true;
        data = null;
        continue;
      }
      if (text.isEmpty()) {
        if (any) {
          return new SseFrame(
              id, event, oversized || data == null ? null : data.toString(), oversized);
        }
        continue;
      }
      if (text.startsWith(":")) {
        continue;
      }
      any = true;
      int colon = text.indexOf(':');
      String field = colon < 0 ? text : text.substring(0, colon);
      String value = colon < 0 ? "" : text.substring(colon + 1);
      value = value.startsWith(" ") ? value.substring(1) : value;
      switch (field) {
        case "id" -> id = value;
        case "event" -> event = value;
        case "data" -> {
          if (!oversized) {
            int size = (data == null ? 0 : data.length() + 1) + value.length();
            if (size > maxEvent) {
              oversized = true;
              data = null;
            } else {
              data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
            }
          }
        }
        default -> {
          // retry: and unknown fields carry nothing this client uses.
        }
      }
    }
  }

  /**
   * A line without its terminator (LF or CRLF), or null at the end. A line past the limit is read
   * to its end, kept empty, and flagged in {@link #lineTooLong}.
   */
  private String readLine() throws IOException {
    line.reset();
    lineTooLong = false;
    int b;
    while ((b = in.read()) != -1) {
      if (b == '\n') {
        return lineTooLong ? "" : text();
      }
      if (lineTooLong) {
        continue;
      }
      if (line.size() >= maxLine) {
        lineTooLong = true;
        line.reset();
      } else {
        line.write(b);
      }
    }
    return null;
  }

  private String text() {
    byte[] bytes = line.toByteArray();
    int length =
        bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }
}
