package io.kxm.fanout;

import java.util.Optional;

/**
 * What one hub node tells the others through Redis: stream {@code stream} may hold events up to
 * {@code seq}. Nothing else crosses Redis; a node that hears a wake-up reads the events from the
 * store, so a forged one can at most cause a read. On the wire the channel is {@code
 * <prefix>:stream:<stream>} and the message is {@code seq} in decimal digits.
 *
 * @param stream the stream key, 1 to {@value #MAX_STREAM_CHARS} letters, digits, dots, dashes or
 *     underscores
 * @param seq a positive sequence number
 */
public record Wakeup(String stream, long seq) {
  /** Longer than any stream key the hub names ({@code agent.} and an agent id). */
  public static final int MAX_STREAM_CHARS = 128;

  /** A positive number below 10^18, as sequence numbers and cursors are. */
  private static final int MAX_SEQ_DIGITS = 18;

  private static final String STREAM_PART = ":stream:";

  public Wakeup {
    if (!isStreamKey(stream)) {
      throw new IllegalArgumentException("not a stream key that can cross Redis: " + stream);
    }
    if (seq <= 0) {
      throw new IllegalArgumentException("seq must be positive, got " + seq);
    }
  }

  /** The channel every wake-up of {@code stream} goes to. */
  public static String channel(String prefix, String stream) {
    return prefix + STREAM_PART + stream;
  }

  /** The pattern that matches every channel of one deployment, and no other deployment's. */
  static String pattern(String prefix) {
    return prefix + STREAM_PART + "*";
  }

  public String message() {
    return Long.toString(seq);
  }

  /**
   * Reads a message heard on Redis, which anyone able to publish there may have written: empty
   * unless the channel is one of {@code prefix}'s with a valid stream key and the message is only a
   * sequence number. Never throws.
   */
  public static Optional<Wakeup> parse(String prefix, String channel, String message) {
    if (channel == null || message == null) {
      return Optional.empty();
    }
    int head = prefix.length() + STREAM_PART.length();
    if (channel.length() <= head
        || channel.length() > head + MAX_STREAM_CHARS
        || !channel.startsWith(prefix)
        || !channel.startsWith(STREAM_PART, prefix.length())) {
      return Optional.empty();
    }
    String stream = channel.substring(head);
    if (!isStreamKey(stream) || !isSeq(message)) {
      return Optional.empty();
    }
    return Optional.of(new Wakeup(stream, Long.parseLong(message)));
  }

  private static boolean isSeq(String text) {
    int n = text.length();
    if (n == 0 || n > MAX_SEQ_DIGITS || text.charAt(0) == '0') {
      return false;
    }
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  static boolean isStreamKey(String text) {
    if (text == null || text.isEmpty() || text.length() > MAX_STREAM_CHARS) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '-'
              || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
