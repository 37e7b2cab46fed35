package io.kxm.hub.stream;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** Where a client resumes a stream: after the sequence number it saw last. */
public final class Cursor {
  private static final int MAX_DIGITS = 18;

  private Cursor() {}

  /**
   * The resume point from {@code Last-Event-ID} or, when that header is absent, {@code ?after=}; 0
   * when neither is given.
   *
   * @throws KxmException {@code invalid_cursor} for anything but a non-negative whole number
   */
  public static long parse(String lastEventId, String after) {
    if (lastEventId != null && !lastEventId.isBlank()) {
      return number("Last-Event-ID", lastEventId.strip());
    }
    if (after != null) {
      return number("after", after.strip());
    }
    return 0;
  }

  private static long number(String source, String text) {
    if (text.isEmpty() || text.length() > MAX_DIGITS || !text.chars().allMatch(Cursor::isDigit)) {
      String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
      throw new KxmException(
          ErrorCode.INVALID_CURSOR,
          source + " '" + shown + "' is not a non-negative whole number (an event id)");
    }
    return Long.parseLong(text);
  }

  private static boolean isDigit(int c) {
    return c >= '0' && c <= '9';
  }
}
