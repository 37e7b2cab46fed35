package io.kxm.core.check;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Map;

/** A whole-number setting read from an environment, within the range the setting allows. */
public final class EnvNumber {
  private EnvNumber() {}

  /**
   * The value of {@code variable}, or {@code fallback} when it is unset or blank.
   *
   * @throws KxmException {@code config_invalid} naming the variable, its range and what it held
   */
  public static long read(
      Map<String, String> env, String variable, long fallback, long min, long max) {
    String value = env.get(variable);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      long n = Long.parseLong(value.strip());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // Refused below with the allowed range, the same as an out-of-range number.
    }
    throw new KxmException(
        ErrorCode.CONFIG_INVALID,
        variable + " must be a whole number from " + min + " to " + max + ", got '" + value + "'",
        "Set " + variable + " to a number in that range, or unset it for the default.");
  }
}
