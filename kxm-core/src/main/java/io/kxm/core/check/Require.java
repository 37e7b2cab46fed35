package io.kxm.core.check;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Guards for compact constructors of domain records. A broken guard is a caller bug or unchecked
 * input, so it throws {@link ErrorCode#INVALID_REQUEST} naming the field and the limit.
 */
public final class Require {
  private Require() {}

  /** A non-blank string of at most {@code max} characters, without control characters. */
  public static String text(String value, String field, int max) {
    if (value == null || value.isBlank()) {
      throw invalid(field + " is required");
    }
    return optionalText(value, field, max);
  }

  /** Like {@link #text} but null is allowed; blank is not. */
  public static String optionalText(String value, String field, int max) {
    if (value == null) {
      return null;
    }
    if (value.isBlank()) {
      throw invalid(field + " must not be blank");
    }
    return TextLength.check(field, value, max);
  }

  /** A name-like value: {@link #text} and no ASCII control characters (log and header safety). */
  public static String label(String value, String field, int max) {
    text(value, field, max);
    if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw invalid(field + " contains control characters");
    }
    return value;
  }

  /** Lower-case hex SHA-256, as {@code Tokens.sha256Hex} writes it. */
  public static String sha256Hex(String value, String field) {
    if (value == null || !value.matches("[0-9a-f]{64}")) {
      throw invalid(field + " must be a lower-case hex SHA-256");
    }
    return value;
  }

  public static <T> T present(T value, String field) {
    if (value == null) {
      throw invalid(field + " is required");
    }
    return value;
  }

  public static Duration between(Duration value, Duration min, Duration max, String field) {
    Objects.requireNonNull(value, field);
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw invalid(
          field
              + " is "
              + value.toMillis()
              + " ms; allowed "
              + min.toMillis()
              + " to "
              + max.toMillis()
              + " ms");
    }
    return value;
  }

  public static long atLeast(long value, long min, String field) {
    if (value < min) {
      throw invalid(field + " is " + value + "; it must be at least " + min);
    }
    return value;
  }

  /** {@code later} is not before {@code earlier}; both present. */
  public static void notBefore(Instant later, Instant earlier, String laterField, String field) {
    present(later, laterField);
    present(earlier, field);
    if (later.isBefore(earlier)) {
      throw invalid(laterField + " " + later + " is before " + field + " " + earlier);
    }
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.INVALID_REQUEST, message);
  }
}
