package io.kxm.core.json;

import java.util.ArrayDeque;
import java.util.Deque;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.core.exc.StreamReadException;

/** Names the field a JSON failure is about the way the API reference does: {@code a.b[0].c}. */
final class FieldPath {
  /**
   * Jackson reports a repeated key as a plain read failure; only its message tells it apart from
   * broken syntax. {@code InputJsonTest} pins this text, so a Jackson upgrade that changes it fails
   * a test instead of turning duplicate keys into {@code invalid_json}.
   */
  private static final String DUPLICATE = "Duplicate Object property";

  private FieldPath() {}

  /** The path Jackson recorded while binding, or empty when it recorded none. */
  static String of(JacksonException e) {
    StringBuilder out = new StringBuilder();
    for (JacksonException.Reference ref : e.getPath()) {
      String name = ref.getPropertyName();
      if (name != null) {
        out.append(out.isEmpty() ? "" : ".").append(name);
      } else if (ref.getIndex() >= 0) {
        out.append('[').append(ref.getIndex()).append(']');
      }
    }
    return out.toString();
  }

  static boolean isDuplicate(StreamReadException e) {
    String message = e.getOriginalMessage();
    return message != null && message.startsWith(DUPLICATE);
  }

  /** The path of the value the parser stood on when it failed, from its nesting contexts. */
  static String ofParser(StreamReadException e) {
    JsonParser parser = e.processor();
    if (parser == null) {
      return "a key";
    }
    Deque<String> parts = new ArrayDeque<>();
    for (TokenStreamContext c = parser.streamReadContext(); c != null; c = c.getParent()) {
      if (c.inObject() && c.currentName() != null) {
        parts.push("." + c.currentName());
      } else if (c.inArray()) {
        parts.push("[" + Math.max(0, c.getCurrentIndex()) + "]");
      }
    }
    String path = String.join("", parts);
    return path.startsWith(".") ? path.substring(1) : path;
  }
}
