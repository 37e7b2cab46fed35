package io.kxm.testkit.provider;

import java.security.SecureRandom;

/** Ids shaped like the real providers' ones: a fixed prefix, then 24 letters and digits. */
final class WireIds {
  private static final char[] ALPHABET =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private WireIds() {}

  /** For example {@code next("toolu_")} or {@code next("chatcmpl-")}. */
  static String next(String prefix) {
    StringBuilder out = new StringBuilder(prefix);
    for (int i = 0; i < 24; i++) {
      out.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
    }
    return out.toString();
  }
}
