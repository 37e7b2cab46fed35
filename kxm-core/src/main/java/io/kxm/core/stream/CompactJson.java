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
    // Replay builds an envelope per event, so this runs over every stored byte a client resumes
    // through. String.indexOf is vectorised: the line breaks are looked for in one pass each, and
    // string contents are skipped from quote to quote instead of character by character.
    if (json.indexOf('\n') >= 0 || json.indexOf('\r') >= 0) {
      return false;
    }
    int i = 0;
    while (i < json.length()) {
      char c = json.charAt(i);
      if (c == '"') {
        i = closingQuote(json, i + 1) + 1;
      } else if (c == ' ' || c == '\t') {
        return false;
      } else {
        i++;
      }
    }
    return true;
  }

  /** The index of the quote that ends the string whose content starts at {@code from}. */
  private static int closingQuote(String json, int from) {
    int quote = json.indexOf('"', from);
    while (quote >= 0) {
      int backslashes = 0;
      for (int b = quote - 1; b >= from && json.charAt(b) == '\\'; b--) {
        backslashes++;
      }
      if (backslashes % 2 == 0) {
        return quote;
      }
      quote = json.indexOf('"', quote + 1);
    }
    return json.length();
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
