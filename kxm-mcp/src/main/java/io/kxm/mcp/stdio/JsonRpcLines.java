package io.kxm.mcp.stdio;

import io.kxm.core.json.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Cuts a byte stream into newline-delimited JSON-RPC messages and reports each one. Lines past
 * {@link #MAX_LINE} are skipped: the SDK refuses them anyway, and the watcher must stay bounded.
 */
final class JsonRpcLines {
  static final int MAX_LINE = 4 * 1024 * 1024;

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();
  private final Consumer<JsonNode> onMessage;
  private boolean overflow;

  JsonRpcLines(Consumer<JsonNode> onMessage) {
    this.onMessage = onMessage;
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

  private void append(byte[] bytes, int offset, int length) {
    if (overflow || line.size() + length > MAX_LINE) {
      overflow = true;
      line.reset();
      return;
    }
    line.write(bytes, offset, length);
  }

  private void finishLine() {
    if (!overflow && line.size() > 0) {
      try {
        JsonNode node = Json.read(line.toString(StandardCharsets.UTF_8));
        if (node.isArray()) {
          node.forEach(onMessage);
        } else {
          onMessage.accept(node);
        }
      } catch (RuntimeException e) {
        // Not JSON: the SDK answers or drops it; there is nothing to wait for.
      }
    }
    overflow = false;
    line.reset();
  }

  /** The id as a stable key (a request's id may be a number or a string), or null. */
  static String id(JsonNode message) {
    JsonNode id = message.get("id");
    return id == null || id.isNull() ? null : id.toString();
  }
}
