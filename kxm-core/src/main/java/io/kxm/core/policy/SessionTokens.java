package io.kxm.core.policy;

import io.kxm.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed tool-policy tokens: {@code base64url(payload JSON) "." base64url(HMAC-SHA256)}, keyed by
 * the machine's {@link SessionKey}. Signing means a process that cannot read the key cannot widen
 * its own policy by writing a token.
 */
public final class SessionTokens {
  /** Lifetime of a token issued without an explicit one. */
  public static final Duration DEFAULT_TTL = Duration.ofHours(24);

  /** Tokens longer than this are refused unread. */
  public static final int MAX_LENGTH = 16 * 1024;

  /** Allowed clock difference between the issuing and the checking process. */
  static final Duration SKEW = Duration.ofMinutes(5);

  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();

  private SessionTokens() {}

  /** Issues a token with the machine key in {@code keyFile}, creating the key on first use. */
  public static String issue(ToolPolicy policy, Duration ttl, Path keyFile, Clock clock) {
    Instant now = clock.instant();
    return sign(
        new SessionTokenPayload(policy, now, now.plus(ttl)), SessionKey.loadOrCreate(keyFile));
  }

  public static String sign(SessionTokenPayload payload, byte[] key) {
    String body = ENCODER.encodeToString(Json.writeBytes(payload));
    return body + "." + ENCODER.encodeToString(mac(key, body));
  }

  /** Checks the signature, then the payload, then the time window. */
  public static TokenCheck verify(String token, byte[] key, Instant now) {
    if (token == null || token.isBlank()) {
      return new TokenCheck.Invalid("it is empty");
    }
    String trimmed = token.strip();
    if (trimmed.length() > MAX_LENGTH) {
      return new TokenCheck.Invalid("it is longer than " + MAX_LENGTH + " characters");
    }
    int dot = trimmed.indexOf('.');
    if (dot <= 0 || dot != trimmed.lastIndexOf('.') || dot == trimmed.length() - 1) {
      return new TokenCheck.Invalid("it is not of the form payload.signature");
    }
    String body = trimmed.substring(0, dot);
    byte[] signature;
    byte[] json;
    try {
      signature = DECODER.decode(trimmed.substring(dot + 1));
      json = DECODER.decode(body);
    } catch (IllegalArgumentException e) {
      return new TokenCheck.Invalid("it is not base64url");
    }
    if (!MessageDigest.isEqual(mac(key, body), signature)) {
      return new TokenCheck.Invalid("its signature does not match this machine's session key");
    }
    SessionTokenPayload payload;
    try {
      payload = Json.MAPPER.readValue(json, SessionTokenPayload.class);
    } catch (RuntimeException e) {
      return new TokenCheck.Invalid("its payload is not a tool policy");
    }
    if (payload.issuedAt().isAfter(now.plus(SKEW))) {
      return new TokenCheck.Invalid("it was issued in the future, at " + payload.issuedAt());
    }
    if (!now.isBefore(payload.expiresAt())) {
      return new TokenCheck.Invalid("it expired at " + payload.expiresAt());
    }
    return new TokenCheck.Valid(payload);
  }

  private static byte[] mac(byte[] key, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(body.getBytes(StandardCharsets.US_ASCII));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JDK ships HmacSHA256", e);
    }
  }
}
