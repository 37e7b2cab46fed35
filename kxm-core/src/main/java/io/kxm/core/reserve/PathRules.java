package io.kxm.core.reserve;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * The rules a glob and a concrete path share, so that every path a glob can match is one that
 * {@link PathGlob#normalizePath} accepts, and a witness of overlap is always a real path.
 */
final class PathRules {
  /** Longest part of a refused text quoted back; the rest could flood a log line. */
  private static final int SHOWN = 80;

  private PathRules() {}

  /**
   * Refuses {@code text} unless it is a relative path without detours; a glob may also end in
   * {@code /} ({@code directory} true), a concrete path never.
   */
  static void check(String kind, String text, int max, boolean directory) {
    if (text == null || text.isEmpty()) {
      throw refused(kind, "", "is empty; name a file or directory below the repository root");
    }
    if (TextLength.exceeds(text, max)) {
      throw refused(
          kind,
          text,
          "is "
              + TextLength.of(text)
              + " characters, limit "
              + max
              + "; shorten it, or name a directory above it");
    }
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      if (unreadable(c)) {
        throw refused(kind, text, "contains a control character or a broken surrogate; remove it");
      }
      if (c == '\\') {
        throw refused(kind, text, "contains a backslash; separate directories with '/'");
      }
      i += Character.charCount(c);
    }
    if (text.startsWith("/")) {
      throw refused(kind, text, "starts with '/'; write it relative to the repository root");
    }
    if (!directory && text.endsWith("/")) {
      throw refused(kind, text, "ends with '/'; name the file without it");
    }
    String named = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    for (String segment : named.split("/", -1)) {
      if (segment.isEmpty()) {
        throw refused(kind, text, "has an empty segment; write one '/' between two names");
      }
      if (segment.equals(".") || segment.equals("..")) {
        throw refused(kind, text, "has a '" + segment + "' segment; write it without '.' or '..'");
      }
    }
  }

  /** A control character, or half of a surrogate pair that lost its other half. */
  private static boolean unreadable(int c) {
    return Character.isISOControl(c)
        || (c >= Character.MIN_SURROGATE && c <= Character.MAX_SURROGATE);
  }

  static KxmException refused(String kind, String text, String problem) {
    return new KxmException(ErrorCode.INVALID_REQUEST, kind + " '" + shown(text) + "' " + problem);
  }

  /** The text as a log line may carry it: control characters escaped, long text cut. */
  static String shown(String text) {
    StringBuilder out = new StringBuilder();
    text.codePoints()
        .limit(SHOWN)
        .forEach(c -> {
          if (unreadable(c)) {
            out.append(String.format("\\u%04x", c));
          } else {
            out.appendCodePoint(c);
          }
        });
    return TextLength.exceeds(text, SHOWN) ? out + "…" : out.toString();
  }
}
