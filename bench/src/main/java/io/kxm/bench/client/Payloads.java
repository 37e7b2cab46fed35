package io.kxm.bench.client;

/**
 * Bodies of the size the scenarios move, shared so that baseline and product send the same bytes.
 */
public final class Payloads {
  /** The size of one send, as the performance issue states it. */
  public static final int SEND_BYTES = 500;

  private Payloads() {}

  /** Plain text of exactly {@code length} characters. */
  public static String content(int length) {
    StringBuilder sb = new StringBuilder(length);
    String words = "the quick brown fox jumps over the lazy dog ";
    while (sb.length() < length) {
      sb.append(words, 0, Math.min(words.length(), length - sb.length()));
    }
    return sb.toString();
  }

  /** A send request body, {@code {"target":…,"content":…}}, {@code bytes} long in all. */
  public static String sendJson(String target, int bytes) {
    String head = "{\"target\":\"" + target + "\",\"content\":\"";
    String tail = "\"}";
    return head + content(Math.max(1, bytes - head.length() - tail.length())) + tail;
  }
}
