package io.kxm.mcp.stdio;

import io.kxm.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * Cuts a byte stream into newline-delimited lines and reports each one. A line past {@link
 * #MAX_LINE} is reported as too long instead, without keeping its bytes: whatever reads the stream
 * must stay bounded.
 */
final class JsonRpcLines {
  static final int MAX_LINE = 4 * 1024 * 1024;

  /** Where complete lines go. */
  interface Sink {
    void line(String text);

    /** A line ended that was longer than {@link #MAX_LINE}; its bytes are gone. */
    default void tooLong() {}
  }

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final Sink sink;
  private boolean overflow;

  JsonRpcLines(Sink sink) {
    this.sink = sink;
  }

  void accept(byte[] bytes, int offset, int length) {
    int start = offset;
    for (int i = offset; i < offset + length; i++) {
      if (bytes[i] == '\n') {
        append(bytes, start, i - start);
        finishLine();
        start = i + 1;
      }
    }
    append(bytes, start, offset + length - start);
  }

  /** Reports a last line that ended with the stream rather than with a newline. */
  void finish() {
    if (overflow || line.size() > 0) {
      finishLine();
    }
  }

  private void append(byte[] bytes, int offset, int length) {
    if (overflow || line.size() + length > MAX_LINE) {
      overflow = true;
      line.reset();
      return;
    }
    line.write(bytes, offset, length);
  }

  private void finishLine() {
    if (overflow) {
      sink.tooLong();
    } else if (line.size() > 0) {
      sink.line(line.toString(StandardCharsets.UTF_8));
    }
    overflow = false;
    line.reset();
  }

  /** The line as JSON, or null when it is not JSON. */
  static JsonNode parse(String text) {
    try {
      return Json.read(text);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** The id as a stable key (a request's id may be a number or a string), or null. */
  static String id(JsonNode message) {
    JsonNode id = message == null ? null : message.get("id");
    return id == null || id.isNull() ? null : id.toString();
  }
}
