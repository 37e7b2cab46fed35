package io.kxm.core.check;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/**
 * The one length rule for text limits: lengths are counted in Unicode code points, the characters a
 * reader sees, so an emoji counts once and not as two UTF-16 units. Every limit on outside text is
 * checked here, and every refusal reads alike: {@code content is 32,001 characters, limit 32,000;
 * shorten it or send a reference}.
 */
public final class TextLength {
  /**
   * From this limit on, a field holds prose or a document, which can be replaced by a pointer to it
   * (a path, a URL, a message ID); shorter fields are names and keys, which can only be cut.
   */
  static final int DOCUMENT_LIMIT = 1_000;

  private TextLength() {}

  /** The number of characters (code points) of {@code value}; 0 for null. */
  public static int of(String value) {
    return value == null ? 0 : value.codePointCount(0, value.length());
  }

  /** Whether {@code value} is longer than {@code max} characters; null never is. */
  public static boolean exceeds(String value, int max) {
    // A string of at most max UTF-16 units has at most max code points: skip the count.
    return value != null && value.length() > max && of(value) > max;
  }

  /**
   * {@code value} unchanged when it has at most {@code max} characters, or null when null.
   *
   * @throws KxmException {@code value_too_long} naming the field, its length and the limit
   */
  public static String check(String field, String value, int max) {
    if (exceeds(value, max)) {
      throw tooLong(field, of(value), max);
    }
    return value;
  }

  /** The refusal for a text of {@code length} characters where {@code max} are allowed. */
  public static KxmException tooLong(String field, long length, long max) {
    String next = max >= DOCUMENT_LIMIT ? "shorten it or send a reference" : "shorten it";
    return new KxmException(
        ErrorCode.VALUE_TOO_LONG,
        field + " is " + grouped(length) + " characters, limit " + grouped(max) + "; " + next);
  }

  private static String grouped(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
