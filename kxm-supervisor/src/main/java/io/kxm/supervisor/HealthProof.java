package io.kxm.supervisor;

import io.kxm.core.secret.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How the supervisor proves, on its unauthenticated health check, that it holds the token a client
 * read from disk: HMAC-SHA256 of the client's nonce under a key derived from the token. A process
 * that took over a stale port cannot answer, and the token itself never crosses the wire there.
 */
public final class HealthProof {
  /** Nonces are hex, 16 to 128 characters (8 to 64 random bytes). */
  public static final Pattern NONCE = Pattern.compile("[0-9a-f]{16,128}");

  private static final String KEY_LABEL = "kxm-runtime-health-v1:";
  private static final SecureRandom RANDOM = new SecureRandom();

  private HealthProof() {}

  public static String newNonce() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** Lower-case hex proof for {@code nonce}. */
  public static String prove(String token, String nonce) {
    // A derived key, so the proof key is not the bearer token itself.
    byte[] key = Tokens.sha256((KEY_LABEL + token).getBytes(StandardCharsets.UTF_8));
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(nonce.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK ships HmacSHA256", e);
    }
  }

  /** Whether {@code proof} answers {@code nonce} for {@code token}; constant time. */
  public static boolean verify(String token, String nonce, String proof) {
    return proof != null && Tokens.equal(prove(token, nonce), proof);
  }
}
