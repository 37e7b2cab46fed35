package io.kxm.core.stream;

import io.kxm.core.json.Json;

/** Cheap checks and writes for building an envelope around JSON text without a parse. */
public final class CompactJson {
  private CompactJson() {}

  /**
   * Whether {@code json} has no whitespace outside its strings, as the mapper writes it. Raw line
   * breaks cannot occur inside a valid JSON string, so compact text has none anywhere. The text is
   * assumed valid JSON (the store checks it on append); this only looks at layout.
   */
  public static boolean isCompact(String json) {
    boolean inString = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++; // the escaped character cannot end the string
        } else if (c == '"') {
          inString = false;
        } else if (c == '\n' || c == '\r') {
          return false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        return false;
      }
    }
    return true;
  }

  /** Appends {@code value} as a JSON string; plain identifiers are copied without the mapper. */
  public static void appendString(StringBuilder out, String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean plain =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '-'
              || c == '.'
              || c == ':';
      if (!plain) {
        out.append(Json.write(value));
        return;
      }
    }
    out.append('"').append(value).append('"');
  }
}
