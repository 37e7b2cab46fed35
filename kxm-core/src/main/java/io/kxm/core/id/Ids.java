package io.kxm.core.id;

import java.security.SecureRandom;
import java.time.Clock;

/**
 * Identifiers that sort by creation time: a prefix, 10 Crockford base-32 characters of milliseconds
 * and 16 of randomness, for example {@code msg_01jd3k8q2v5x9w7c4b6n8m2p0r1t}.
 */
public final class Ids {
  private static final char[] ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz".toCharArray();
  private static final SecureRandom RANDOM = new SecureRandom();

  private Ids() {}

  public static String next(String prefix, Clock clock) {
    StringBuilder out = new StringBuilder(prefix.length() + 27).append(prefix).append('_');
    long millis = clock.millis();
    for (int shift = 45; shift >= 0; shift -= 5) {
      out.append(ALPHABET[(int) ((millis >>> shift) & 31)]);
    }
    byte[] random = new byte[10];
    RANDOM.nextBytes(random);
    long hi = 0;
    long lo = 0;
    for (int i = 0; i < 5; i++) {
      hi = (hi << 8) | (random[i] & 0xff);
      lo = (lo << 8) | (random[i + 5] & 0xff);
    }
    for (int shift = 35; shift >= 0; shift -= 5) {
      out.append(ALPHABET[(int) ((hi >>> shift) & 31)]);
    }
    for (int shift = 35; shift >= 0; shift -= 5) {
      out.append(ALPHABET[(int) ((lo >>> shift) & 31)]);
    }
    return out.toString();
  }
}
