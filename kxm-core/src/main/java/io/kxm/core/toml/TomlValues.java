package io.kxm.core.toml;

import java.util.List;

/**
 * TOML values written as text, for the agent CLI configurations the product writes or edits
 * (Codex's {@code config.toml}): keys, basic strings and one-line arrays of strings. Reading TOML
 * is Jackson's; this is only the writing, so a value always comes out escaped the same way.
 */
public final class TomlValues {
  private TomlValues() {}

  /** A bare key when it can be one, else a basic string. */
  public static String key(String key) {
    return key.matches("[A-Za-z0-9_-]+") ? key : string(key);
  }

  /** A TOML basic string: quotes, backslashes and control characters escaped. */
  public static String string(String value) {
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\u%04X", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** A TOML array of basic strings, on one line. */
  public static String array(List<String> values) {
    return "[" + String.join(", ", values.stream().map(TomlValues::string).toList()) + "]";
  }
}
