package io.kxm.core.workflow.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Tokens;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
  private static final SigningSecret SECRET = SigningSecret.of("s3cret-s3cret-s3cret", "TEST_ENV");
  private static final SigningSecret OTHER = SigningSecret.of("another-secret-value", "OTHER_ENV");
  private static final SignaturePolicy STRICT = new SignaturePolicy(Duration.ofMinutes(5), false);
  private static final SignaturePolicy LENIENT = new SignaturePolicy(Duration.ofMinutes(5), true);
  private static final byte[] BODY = "{\"repo\":\"kxm\"}".getBytes(StandardCharsets.UTF_8);
  private static final long TS = 1_900_000_000L;
  private static final Instant NOW = Instant.ofEpochSecond(TS);

  private static final String PATH = WebhookSignature.startPath("release");
  private static final String DELIVERY = "gh-1";

  private static String sign(SigningSecret secret, long ts, byte[] body) {
    return WebhookSignature.sign(secret, "POST", PATH, DELIVERY, ts, body);
  }

  private static String untimestamped(SigningSecret secret) {
    return WebhookSignature.signUntimestamped(secret, "POST", PATH, DELIVERY, BODY);
  }

  private static SignatureCheck verify(
      SignaturePolicy policy, String signature, String timestamp, Instant now) {
    return verify(
        policy, new SignedRequest("POST", PATH, DELIVERY, timestamp, signature, BODY), now);
  }

  private static SignatureCheck verify(SignaturePolicy policy, SignedRequest request, Instant now) {
    return WebhookSignature.verify(SECRET, policy, request, now);
  }

  private static ErrorCode refused(SignatureCheck check) {
    assertThat(check).isInstanceOf(SignatureCheck.Refused.class);
    return ((SignatureCheck.Refused) check).code();
  }

  private static String message(SignatureCheck check) {
    assertThat(check).isInstanceOf(SignatureCheck.Refused.class);
    return ((SignatureCheck.Refused) check).message();
  }

  @Test
  void the_signature_is_hmac_sha256_over_the_v1_lines_and_the_raw_body() throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(
        new SecretKeySpec("s3cret-s3cret-s3cret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String signed =
        "v1\nPOST\n/v1/webhooks/release\ngh-1\n"
            + TS
            + "\n"
            + new String(BODY, StandardCharsets.UTF_8);
    String expected =
        "sha256=" + HexFormat.of().formatHex(mac.doFinal(signed.getBytes(StandardCharsets.UTF_8)));

    assertThat(sign(SECRET, TS, BODY)).isEqualTo(expected);
    assertThat(
            new String(
                WebhookSignature.signedString("POST", PATH, DELIVERY, "" + TS, BODY),
                StandardCharsets.UTF_8))
        .isEqualTo(signed);
    String untimestampedString =
        "v1\nPOST\n/v1/webhooks/release\ngh-1\n\n" + new String(BODY, StandardCharsets.UTF_8);
    assertThat(untimestamped(SECRET))
        .isEqualTo(
            "sha256="
                + HexFormat.of()
                    .formatHex(mac.doFinal(untimestampedString.getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void a_fresh_signature_verifies_and_yields_the_body_hash_and_the_signature_digest() {
    String signature = sign(SECRET, TS, BODY);
    SignatureCheck check = verify(STRICT, signature, "" + TS, NOW);

    assertThat(check)
        .isEqualTo(
            new SignatureCheck.Verified(
                Tokens.sha256Hex(BODY),
                NOW,
                Tokens.sha256Hex(HexFormat.of().parseHex(signature.substring(7)))));
  }

  @Test
  void upper_case_hex_is_accepted_and_digests_like_lower_case() {
    String signature = sign(SECRET, TS, BODY);
    String upper = "sha256=" + signature.substring(7).toUpperCase();

    SignatureCheck lower = verify(STRICT, signature, "" + TS, NOW);
    assertThat(verify(STRICT, upper, "" + TS, NOW)).isEqualTo(lower);
  }

  @Test
  void the_replay_window_is_inclusive_in_both_directions() {
    String signature = sign(SECRET, TS, BODY);

    assertThat(verify(STRICT, signature, "" + TS, NOW.plusSeconds(300)))
        .isInstanceOf(SignatureCheck.Verified.class);
    assertThat(verify(STRICT, signature, "" + TS, NOW.minusSeconds(300)))
        .isInstanceOf(SignatureCheck.Verified.class);
    assertThat(refused(verify(STRICT, signature, "" + TS, NOW.plusSeconds(301))))
        .isEqualTo(ErrorCode.SIGNATURE_EXPIRED);
    assertThat(refused(verify(STRICT, signature, "" + TS, NOW.minusSeconds(301))))
        .isEqualTo(ErrorCode.SIGNATURE_EXPIRED);
  }

  @Test
  void a_wrong_secret_or_any_changed_part_of_the_request_is_invalid() {
    String wrong = sign(OTHER, TS, BODY);
    String right = sign(SECRET, TS, BODY);
    String ts = "" + TS;

    assertThat(refused(verify(STRICT, wrong, ts, NOW))).isEqualTo(ErrorCode.SIGNATURE_INVALID);
    for (SignedRequest changed :
        new SignedRequest[] {
          new SignedRequest("POST", PATH, DELIVERY, "" + (TS + 1), right, BODY),
          new SignedRequest("POST", PATH, DELIVERY, ts, right, "{}".getBytes()),
          new SignedRequest("PUT", PATH, DELIVERY, ts, right, BODY),
          new SignedRequest("POST", WebhookSignature.startPath("other"), DELIVERY, ts, right, BODY),
          new SignedRequest(
              "POST", WebhookSignature.signalPath("release"), DELIVERY, ts, right, BODY),
          new SignedRequest("POST", PATH, "gh-2", ts, right, BODY)
        }) {
      assertThat(refused(verify(STRICT, changed, NOW)))
          .as(changed.method() + " " + changed.path() + " " + changed.deliveryId())
          .isEqualTo(ErrorCode.SIGNATURE_INVALID);
    }
  }

  @Test
  void a_request_without_a_target_gets_the_refusal_of_a_wrong_signature_to_a_real_one() {
    String wrong = sign(OTHER, TS, BODY);
    for (SignaturePolicy policy : new SignaturePolicy[] {STRICT, LENIENT}) {
      for (String timestamp : new String[] {"" + TS, null}) {
        SignedRequest request = new SignedRequest("POST", PATH, DELIVERY, timestamp, wrong, BODY);
        assertThat(WebhookSignature.refuseWithoutTarget(request, NOW))
            .as("%s %s", policy, timestamp)
            .isEqualTo(verify(policy, request, NOW));
      }
    }
    SignedRequest unsigned = new SignedRequest("POST", PATH, DELIVERY, "" + TS, null, BODY);
    assertThat(WebhookSignature.refuseWithoutTarget(unsigned, NOW))
        .isEqualTo(verify(STRICT, unsigned, NOW));
    SignedRequest genuine =
        new SignedRequest("POST", PATH, DELIVERY, "" + TS, sign(SECRET, TS, BODY), BODY);
    assertThat(WebhookSignature.refuseWithoutTarget(genuine, NOW).code())
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
  }

  @Test
  void a_stale_request_with_a_wrong_secret_is_invalid_not_expired() {
    String wrong = sign(OTHER, TS, BODY);

    assertThat(refused(verify(STRICT, wrong, "" + TS, NOW.plusSeconds(3_600))))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
  }

  @Test
  void malformed_headers_are_invalid() {
    String good = sign(SECRET, TS, BODY);
    for (String signature :
        new String[] {
          null,
          "",
          "sha256=",
          "sha1=" + good.substring(7),
          good.substring(7),
          "sha256=" + "z".repeat(64),
          good + "00",
          "SHA256=" + good.substring(7)
        }) {
      assertThat(refused(verify(STRICT, signature, "" + TS, NOW)))
          .as(String.valueOf(signature))
          .isEqualTo(ErrorCode.SIGNATURE_INVALID);
    }
    for (String timestamp : new String[] {"-5", "12.5", "abc", "1".repeat(13), " 1900000000"}) {
      assertThat(refused(verify(STRICT, good, timestamp, NOW)))
          .as(timestamp)
          .isEqualTo(ErrorCode.SIGNATURE_INVALID);
    }
    for (String delivery : new String[] {null, "", "a b", "x".repeat(129)}) {
      assertThat(
              refused(
                  verify(
                      STRICT, new SignedRequest("POST", PATH, delivery, "" + TS, good, BODY), NOW)))
          .as(String.valueOf(delivery))
          .isEqualTo(ErrorCode.INVALID_DELIVERY_ID);
    }
  }

  @Test
  void a_missing_timestamp_is_refused_unless_the_definition_opts_in() {
    String untimestamped = untimestamped(SECRET);

    SignatureCheck strict = verify(STRICT, untimestamped, null, NOW);
    assertThat(refused(strict)).isEqualTo(ErrorCode.SIGNATURE_INVALID);
    assertThat(message(strict)).contains("X-KXM-Timestamp");
    assertThat(strict).isEqualTo(verify(LENIENT, untimestamped(OTHER), null, NOW));
    assertThat(verify(LENIENT, untimestamped, null, NOW))
        .isEqualTo(
            new SignatureCheck.Verified(
                Tokens.sha256Hex(BODY),
                null,
                Tokens.sha256Hex(HexFormat.of().parseHex(untimestamped.substring(7)))));
    assertThat(verify(LENIENT, untimestamped, "", NOW.plus(Duration.ofDays(400))))
        .isInstanceOf(SignatureCheck.Verified.class);
  }

  @Test
  void an_opted_in_definition_still_checks_the_window_when_a_timestamp_is_sent() {
    String signature = sign(SECRET, TS, BODY);

    assertThat(refused(verify(LENIENT, signature, "" + TS, NOW.plusSeconds(301))))
        .isEqualTo(ErrorCode.SIGNATURE_EXPIRED);
    assertThat(refused(verify(LENIENT, untimestamped(SECRET), "" + TS, NOW)))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
  }

  @Test
  void secrets_never_show_in_text_and_short_ones_are_refused() {
    assertThat(SECRET.toString()).doesNotContain("s3cret").contains("TEST_ENV");
    assertThatThrownBy(() -> SigningSecret.of("short", "ENV"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("short");
  }

  @Test
  void secrets_resolve_from_the_named_variables_with_the_signal_falling_back_to_start() {
    var definition =
        io.kxm.core.workflow.Fixtures.workflow(io.kxm.core.workflow.Fixtures.stage("a"));
    Map<String, String> env = Map.of("KXM_RELEASE_SECRET", "0123456789abcdef");

    WorkflowSecrets secrets = WorkflowSecrets.resolve(definition, env::get);

    assertThat(secrets.signal().source()).isEqualTo("KXM_RELEASE_SECRET");
    assertThatThrownBy(() -> WorkflowSecrets.resolve(definition, name -> null))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.WORKFLOW_SECRET_MISSING);
              assertThat(e.getMessage()).contains("KXM_RELEASE_SECRET");
            });
  }

  @Test
  void delivery_ids_are_printable_and_bounded() {
    assertThat(DeliveryIds.require("gh-delivery-1234")).isEqualTo("gh-delivery-1234");
    for (String bad : new String[] {null, "", "a b", "x".repeat(129), "tab\t"}) {
      assertThatThrownBy(() -> DeliveryIds.require(bad))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_DELIVERY_ID));
    }
  }
}
