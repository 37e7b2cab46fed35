package io.kxm.core.workflow.signature;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.secret.Tokens;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies webhook and signal requests. The signature is {@code sha256=<hex>} of
 * HMAC-SHA256 over {@code <timestamp>.<raw body>}, with the timestamp in Unix seconds; a request is
 * refused when its timestamp is outside the replay window, so a captured request stops working
 * after minutes. Definitions may opt in to signatures over the raw body alone.
 */
public final class WebhookSignature {
  public static final String SIGNATURE_HEADER = "X-KXM-Signature";
  public static final String TIMESTAMP_HEADER = "X-KXM-Timestamp";
  public static final String DELIVERY_HEADER = "X-KXM-Delivery";

  private static final String PREFIX = "sha256=";
  private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern SECONDS = Pattern.compile("[0-9]{1,12}");

  private WebhookSignature() {}

  /** The {@code X-KXM-Signature} value for a timestamped request. */
  public static String sign(SigningSecret secret, long timestamp, byte[] rawBody) {
    return PREFIX + HexFormat.of().formatHex(hmac(secret, timestamp + ".", rawBody));
  }

  /** The {@code X-KXM-Signature} value over the raw body alone. */
  public static String signUntimestamped(SigningSecret secret, byte[] rawBody) {
    return PREFIX + HexFormat.of().formatHex(hmac(secret, "", rawBody));
  }

  /**
   * Checks a request's headers against its raw body. The signature is checked before the window, so
   * only a holder of the secret learns that its timestamp was stale.
   *
   * @param signature the {@code X-KXM-Signature} header, or null
   * @param timestamp the {@code X-KXM-Timestamp} header, or null
   */
  public static SignatureCheck verify(
      SigningSecret secret,
      SignaturePolicy policy,
      String signature,
      String timestamp,
      byte[] rawBody,
      Instant now) {
    if (signature == null || !signature.startsWith(PREFIX)) {
      return invalid("X-KXM-Signature must be 'sha256=<64 hex digits>'");
    }
    String hex = signature.substring(PREFIX.length());
    if (!HEX.matcher(hex).matches()) {
      return invalid("X-KXM-Signature must be 'sha256=<64 hex digits>'");
    }
    byte[] presented = HexFormat.of().parseHex(hex.toLowerCase(java.util.Locale.ROOT));
    boolean untimestamped = timestamp == null || timestamp.isEmpty();
    if (untimestamped && !policy.allowUntimestamped()) {
      return invalid("X-KXM-Timestamp is required: sign '<timestamp>.<raw body>'");
    }
    if (!untimestamped && !SECONDS.matcher(timestamp).matches()) {
      return invalid("X-KXM-Timestamp must be Unix seconds");
    }
    byte[] expected = hmac(secret, untimestamped ? "" : timestamp + ".", rawBody);
    if (!MessageDigest.isEqual(expected, presented)) {
      return invalid("the signature does not match the body and the secret");
    }
    String bodySha256 = Tokens.sha256Hex(rawBody);
    if (untimestamped) {
      return new SignatureCheck.Verified(bodySha256, null);
    }
    Instant signedAt = Instant.ofEpochSecond(Long.parseLong(timestamp));
    Duration skew = Duration.between(signedAt, now).abs();
    if (skew.compareTo(policy.replayWindow()) > 0) {
      return new SignatureCheck.Refused(
          ErrorCode.SIGNATURE_EXPIRED,
          "X-KXM-Timestamp "
              + timestamp
              + " is "
              + skew.toSeconds()
              + " s from the hub's clock; the window is "
              + policy.replayWindow().toSeconds()
              + " s");
    }
    return new SignatureCheck.Verified(bodySha256, signedAt);
  }

  private static SignatureCheck invalid(String message) {
    return new SignatureCheck.Refused(ErrorCode.SIGNATURE_INVALID, message);
  }

  private static byte[] hmac(SigningSecret secret, String prefix, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
      mac.update(prefix.getBytes(StandardCharsets.US_ASCII));
      return mac.doFinal(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK ships HmacSHA256", e);
    }
  }
}
