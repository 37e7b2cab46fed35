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

  private static SignatureCheck verify(
      SignaturePolicy policy, String signature, String timestamp, Instant now) {
    return WebhookSignature.verify(SECRET, policy, signature, timestamp, BODY, now);
  }

  private static ErrorCode refused(SignatureCheck check) {
    assertThat(check).isInstanceOf(SignatureCheck.Refused.class);
    return ((SignatureCheck.Refused) check).code();
  }

  @Test
  void the_signature_is_hmac_sha256_over_the_timestamp_a_dot_and_the_raw_body() throws Exception {
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(
        new SecretKeySpec("s3cret-s3cret-s3cret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String expected =
        "sha256="
            + HexFormat.of()
                .formatHex(
                    mac.doFinal(
                        (TS + "." + new String(BODY, StandardCharsets.UTF_8))
                            .getBytes(StandardCharsets.UTF_8)));

    assertThat(WebhookSignature.sign(SECRET, TS, BODY)).isEqualTo(expected);
  }

  @Test
  void a_fresh_signature_verifies_and_yields_only_the_body_hash() {
    SignatureCheck check = verify(STRICT, WebhookSignature.sign(SECRET, TS, BODY), "" + TS, NOW);

    assertThat(check).isEqualTo(new SignatureCheck.Verified(Tokens.sha256Hex(BODY), NOW));
  }

  @Test
  void upper_case_hex_is_accepted() {
    String signature = WebhookSignature.sign(SECRET, TS, BODY);
    String upper = "sha256=" + signature.substring(7).toUpperCase();

    assertThat(verify(STRICT, upper, "" + TS, NOW)).isInstanceOf(SignatureCheck.Verified.class);
  }

  @Test
  void the_replay_window_is_inclusive_in_both_directions() {
    String signature = WebhookSignature.sign(SECRET, TS, BODY);

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
  void a_wrong_secret_or_a_changed_body_or_timestamp_is_invalid() {
    String wrong = WebhookSignature.sign(OTHER, TS, BODY);
    String right = WebhookSignature.sign(SECRET, TS, BODY);

    assertThat(refused(verify(STRICT, wrong, "" + TS, NOW))).isEqualTo(ErrorCode.SIGNATURE_INVALID);
    assertThat(refused(verify(STRICT, right, "" + (TS + 1), NOW)))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
    assertThat(
            refused(WebhookSignature.verify(SECRET, STRICT, right, "" + TS, "{}".getBytes(), NOW)))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
  }

  @Test
  void a_stale_request_with_a_wrong_secret_is_invalid_not_expired() {
    String wrong = WebhookSignature.sign(OTHER, TS, BODY);

    assertThat(refused(verify(STRICT, wrong, "" + TS, NOW.plusSeconds(3_600))))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
  }

  @Test
  void malformed_headers_are_invalid() {
    String good = WebhookSignature.sign(SECRET, TS, BODY);
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
  }

  @Test
  void a_missing_timestamp_is_refused_unless_the_definition_opts_in() {
    String untimestamped = WebhookSignature.signUntimestamped(SECRET, BODY);

    assertThat(refused(verify(STRICT, untimestamped, null, NOW)))
        .isEqualTo(ErrorCode.SIGNATURE_INVALID);
    assertThat(verify(LENIENT, untimestamped, null, NOW))
        .isEqualTo(new SignatureCheck.Verified(Tokens.sha256Hex(BODY), null));
    assertThat(verify(LENIENT, untimestamped, "", NOW.plus(Duration.ofDays(400))))
        .isInstanceOf(SignatureCheck.Verified.class);
  }

  @Test
  void an_opted_in_definition_still_checks_the_window_when_a_timestamp_is_sent() {
    String signature = WebhookSignature.sign(SECRET, TS, BODY);

    assertThat(refused(verify(LENIENT, signature, "" + TS, NOW.plusSeconds(301))))
        .isEqualTo(ErrorCode.SIGNATURE_EXPIRED);
    assertThat(
            refused(
                verify(LENIENT, WebhookSignature.signUntimestamped(SECRET, BODY), "" + TS, NOW)))
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
