package io.kxm.core.workflow;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.regex.Pattern;

/** The key a waiting stage is released by: letters, digits, '.', '_', ':' and '-'. */
public final class SignalKeys {
  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]*");

  private SignalKeys() {}

  /**
   * @throws KxmException {@code INVALID_SIGNAL_KEY} naming what is wrong
   */
  public static String require(String key) {
    if (key == null || key.isEmpty()) {
      throw new KxmException(ErrorCode.INVALID_SIGNAL_KEY, "signalKey is required");
    }
    if (key.length() > WorkflowLimits.SIGNAL_KEY_MAX) {
      throw new KxmException(
          ErrorCode.INVALID_SIGNAL_KEY,
          "signalKey has "
              + key.length()
              + " characters; the limit is "
              + WorkflowLimits.SIGNAL_KEY_MAX);
    }
    if (!KEY.matcher(key).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_SIGNAL_KEY,
          "signalKey '" + key + "' must start with a letter or digit and use only [A-Za-z0-9._:-]");
    }
    return key;
  }
}
