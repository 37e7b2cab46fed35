package io.kxm.core.workflow.signature;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A workflow start or signal secret, read from the environment variable a definition names. It is
 * never stored, logged or printed: {@link #toString()} names only its source.
 */
public final class SigningSecret {
  /** Shorter secrets are refused: an HMAC key is only as strong as its entropy. */
  public static final int MIN_LENGTH = 16;

  private final byte[] key;
  private final String source;

  private SigningSecret(byte[] key, String source) {
    this.key = key;
    this.source = source;
  }

  /**
   * @param source where the secret came from, for messages: an environment variable name
   */
  public static SigningSecret of(String secret, String source) {
    if (secret == null || secret.length() < MIN_LENGTH) {
      throw new IllegalArgumentException(
          "the secret from " + source + " needs at least " + MIN_LENGTH + " characters");
    }
    return new SigningSecret(secret.getBytes(StandardCharsets.UTF_8), source);
  }

  byte[] key() {
    return Arrays.copyOf(key, key.length);
  }

  public String source() {
    return source;
  }

  @Override
  public String toString() {
    return "SigningSecret[" + source + "]";
  }
}
