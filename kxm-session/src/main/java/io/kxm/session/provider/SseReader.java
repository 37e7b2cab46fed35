package io.kxm.session.provider;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads server-sent events from a provider's response body, with every line and every event bounded
 * so a misbehaving server cannot make the supervisor buffer without end.
 */
final class SseReader {
  static final int MAX_EVENT_BYTES = 16 * 1024 * 1024;

  private final InputStream in;
  private final byte[] buffer = new byte[8192];
  private int position;
  private int limit;

  SseReader(InputStream in) {
    this.in = in;
  }

  /**
   * The next event, or null at the end of the body.
   *
   * @throws IOException when the body breaks or an event passes {@link #MAX_EVENT_BYTES}
   */
  SseFrame next() throws IOException {
    String event = "";
    StringBuilder data = null;
    int size = 0;
    String line;
    while ((line = line()) != null) {
      if (line.isEmpty()) {
        if (data != null) {
          return new SseFrame(event, data.toString());
        }
        event = "";
        continue;
      }
      if (line.startsWith(":")) {
        continue;
      }
      int colon = line.indexOf(':');
      String field = colon < 0 ? line : line.substring(0, colon);
      String value = colon < 0 ? "" : line.substring(colon + 1);
      if (value.startsWith(" ")) {
        value = value.substring(1);
      }
      size += value.length();
      if (size > MAX_EVENT_BYTES) {
        throw new IOException("an event is longer than " + MAX_EVENT_BYTES + " bytes");
      }
      if (field.equals("event")) {
        event = value;
      } else if (field.equals("data")) {
        data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
      }
    }
    return data == null ? null : new SseFrame(event, data.toString());
  }

  private String line() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (true) {
      if (position == limit) {
        limit = in.read(buffer);
        position = 0;
        if (limit <= 0) {
          limit = 0;
          return out.size() == 0 ? null : decode(out);
        }
      }
      byte b = buffer[position++];
      if (b == '\n') {
        return decode(out);
      }
      if (out.size() >= MAX_EVENT_BYTES) {
        throw new IOException("a line is longer than " + MAX_EVENT_BYTES + " bytes");
      }
      out.write(b);
    }
  }

  private static String decode(ByteArrayOutputStream out) {
    String line = out.toString(StandardCharsets.UTF_8);
    return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
  }
}
