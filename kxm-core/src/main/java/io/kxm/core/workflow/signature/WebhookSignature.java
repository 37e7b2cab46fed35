package io.kxm.core.workflow.signature;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Tokens;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs and verifies webhook and signal requests. The signature is {@code sha256=<hex>} of
 * HMAC-SHA256 over the v1 signed string: the lines {@code v1}, the method, the path, the delivery
 * ID and the timestamp (Unix seconds, or empty for an untimestamped signature), each ended by a
 * line feed, then the raw body. A signature therefore names its target and its delivery, and a
 * request is refused when its timestamp is outside the replay window, so a captured request stops
 * working after minutes. Definitions may opt in to untimestamped signatures.
 */
public final class WebhookSignature {
  public static final String SIGNATURE_HEADER = "X-KXM-Signature";
  public static final String TIMESTAMP_HEADER = "X-KXM-Timestamp";
  public static final String DELIVERY_HEADER = "X-KXM-Delivery";

  /** The first line of the signed string; a future form gets another. */
  public static final String VERSION = "v1";

  private static final String PREFIX = "sha256=";
  private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{64}");
  private static final Pattern SECONDS = Pattern.compile("[0-9]{1,12}");

  /**
   * Stands in for the secret of a workflow or run that does not exist, so that a request to one is
   * refused by the same checks, in the same words, as a wrongly signed request to a real one.
   */
  private static final SigningSecret NO_SECRET = randomSecret();

  private static final SignaturePolicy NO_TARGET_POLICY =
      new SignaturePolicy(Duration.ofMinutes(5), false);

  private WebhookSignature() {}

  /** The path a webhook start is signed over: {@code /v1/webhooks/<workflowId>}. */
  public static String startPath(String workflowId) {
    return "/v1/webhooks/" + workflowId;
  }

  /** The path a signal is signed over: {@code /v1/workflows/runs/<runId>/signal}. */
  public static String signalPath(String runId) {
    return "/v1/workflows/runs/" + runId + "/signal";
  }

  /** The {@code X-KXM-Signature} value for a timestamped request. */
  public static String sign(
      SigningSecret secret,
      String method,
      String path,
      String deliveryId,
      long timestamp,
      byte[] rawBody) {
    return PREFIX
        + HexFormat.of()
            .formatHex(
                hmac(
                    secret,
                    signedString(method, path, deliveryId, Long.toString(timestamp), rawBody)));
  }

  /** The {@code X-KXM-Signature} value for an untimestamped request (an empty timestamp line). */
  public static String signUntimestamped(
      SigningSecret secret, String method, String path, String deliveryId, byte[] rawBody) {
    return PREFIX
        + HexFormat.of()
            .formatHex(hmac(secret, signedString(method, path, deliveryId, "", rawBody)));
  }

  /**
   * The exact bytes that are signed: {@code v1\n<method>\n<path>\n<delivery>\n<timestamp>\n} in
   * UTF-8 (plain ASCII for every request that can verify: delivery IDs and timestamps are checked
   * first, and workflow and run IDs are ASCII), followed by the raw body.
   *
   * @param timestamp the {@code X-KXM-Timestamp} text as sent, or empty
   */
  public static byte[] signedString(
      String method, String path, String deliveryId, String timestamp, byte[] rawBody) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(rawBody.length + 128);
    for (String line : new String[] {VERSION, method, path, deliveryId, timestamp}) {
      out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
    out.writeBytes(rawBody);
    return out.toByteArray();
  }

  /**
   * Checks a request against its secret. The delivery ID and the headers' forms are checked first,
   * the signature next and the window last, so only a holder of the secret learns that its
   * timestamp was stale.
   */
  public static SignatureCheck verify(
      SigningSecret secret, SignaturePolicy policy, SignedRequest request, Instant now) {
    try {
      DeliveryIds.require(request.deliveryId());
    } catch (KxmException e) {
      return new SignatureCheck.Refused(e.code(), e.getMessage());
    }
    String signature = request.signature();
    if (signature == null
        || !signature.startsWith(PREFIX)
        || !HEX.matcher(signature.substring(PREFIX.length())).matches()) {
      return invalid("X-KXM-Signature must be 'sha256=<64 hex digits>'");
    }
    byte[] presented =
        HexFormat.of().parseHex(signature.substring(PREFIX.length()).toLowerCase(Locale.ROOT));
    String timestamp = request.timestamp();
    boolean untimestamped = timestamp == null || timestamp.isEmpty();
    if (!untimestamped && !SECONDS.matcher(timestamp).matches()) {
      return invalid("X-KXM-Timestamp must be Unix seconds");
    }
    byte[] expected =
        hmac(
            secret,
            signedString(
                request.method(),
                request.path(),
                request.deliveryId(),
                untimestamped ? "" : timestamp,
                request.body()));
    // an untimestamped request to a strict workflow reads like any mismatch, so the answer does
    // not tell a caller without the secret which workflows accept untimestamped signatures
    boolean accepted = MessageDigest.isEqual(expected, presented);
    if (!accepted || (untimestamped && !policy.allowUntimestamped())) {
      return invalid(
          untimestamped
              ? "the signature does not match the request and the secret; no X-KXM-Timestamp was"
                  + " sent, which only workflows that allow untimestamped signatures accept"
              : "the signature does not match the request and the secret");
    }
    String bodySha256 = Tokens.sha256Hex(request.body());
    String signatureSha256 = Tokens.sha256Hex(presented);
    if (untimestamped) {
      return new SignatureCheck.Verified(bodySha256, null, signatureSha256);
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
    return new SignatureCheck.Verified(bodySha256, signedAt, signatureSha256);
  }

  /**
   * The refusal for a request whose workflow or run does not exist: the same checks and words as
   * for a wrong signature to a real one, run against a secret nobody has.
   */
  public static SignatureCheck.Refused refuseWithoutTarget(SignedRequest request, Instant now) {
    if (verify(NO_SECRET, NO_TARGET_POLICY, request, now) instanceof SignatureCheck.Refused r) {
      return r;
    }
    // a random 256-bit key was matched: as unlikely as guessing it
    return invalid("the signature does not match the request and the secret");
  }

  private static SignatureCheck.Refused invalid(String message) {
    return new SignatureCheck.Refused(ErrorCode.SIGNATURE_INVALID, message);
  }

  private static SigningSecret randomSecret() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return SigningSecret.of(HexFormat.of().formatHex(key), "no workflow");
  }

  private static byte[] hmac(SigningSecret secret, byte[] signed) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.key(), "HmacSHA256"));
      return mac.doFinal(signed);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK ships HmacSHA256", e);
    }
  }
}
