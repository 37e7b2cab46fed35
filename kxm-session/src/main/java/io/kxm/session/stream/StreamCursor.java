package io.kxm.session.stream;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** Where a client resumes a stream: after the {@code seq} of the last event it received. */
public final class StreamCursor {
  private static final int MAX_DIGITS = 20;

  private StreamCursor() {}

  /**
   * The resume point from the {@code Last-Event-ID} header or, when that is absent, {@code
   * ?after=}; 0 when neither is given. The header wins because it is what a browser's EventSource
   * sends on its own reconnect, which knows better than the URL it was first opened with.
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
    boolean digits =
        !text.isEmpty()
            && text.length() <= MAX_DIGITS
            && text.chars().allMatch(c -> c >= '0' && c <= '9');
    if (digits) {
      try {
        return Long.parseLong(text);
      } catch (NumberFormatException e) {
        // Twenty digits may pass the largest long; refused below like any other bad cursor.
      }
    }
    String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
    throw new KxmException(
        ErrorCode.INVALID_CURSOR,
        source
            + " '"
            + shown.replaceAll("[^\\x20-\\x7e]", "?")
            + "' is not an event id (a"
            + " non-negative whole number)");
  }
}
