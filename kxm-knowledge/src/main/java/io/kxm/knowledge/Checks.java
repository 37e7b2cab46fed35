package io.kxm.knowledge;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.regex.Pattern;

/** Checks on outside values that reach the knowledge layer; each refusal names the field. */
final class Checks {
  static final int MAX_CONTENT = 32_000;
  static final int MAX_ID = 200;
  static final int MAX_AUTHOR = 80;
  private static final Pattern PHASE = Pattern.compile("[a-z][a-z0-9_]{0,39}");

  private Checks() {}

  static String text(String field, String value, int max) {
    if (value == null || value.isBlank()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, field + " is required and must not be blank");
    }
    TextLength.check(field, value, max);
    if (value.indexOf('\0') >= 0) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, field + " must not contain NUL characters");
    }
    return value;
  }

  static String optionalText(String field, String value, int max) {
    return value == null ? null : text(field, value, max);
  }

  static String phase(String value) {
    if (value == null || !PHASE.matcher(value).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "sourcePhase '"
              + value
              + "' must be lower-case letters, digits and '_' (40 at most), such as"
              + " per_task_forum");
    }
    return value;
  }

  static int range(String field, int value, int min, int max) {
    if (value < min || value > max) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          field + " is " + value + "; it must be from " + min + " to " + max);
    }
    return value;
  }
}
