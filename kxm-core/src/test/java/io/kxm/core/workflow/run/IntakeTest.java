package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.core.workflow.signature.WorkflowSecrets;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IntakeTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_900_000_000L);
  private final WorkflowDefinition definition = workflow(stage("build"));
  private final SigningSecret start = SigningSecret.of("start-secret-0123456789", "S");
  private final SigningSecret signal = SigningSecret.of("signal-secret-0123456789", "G");
  private final WorkflowSecrets secrets = new WorkflowSecrets(start, signal);

  private WebhookIntake.Result webhook(String delivery, String body, SigningSecret secret) {
    byte[] raw = body.getBytes(StandardCharsets.UTF_8);
    String ts = Long.toString(NOW.getEpochSecond());
    String path = WebhookSignature.startPath(definition.id());
    String signature =
        delivery.contains(" ")
            ? WebhookSignature.sign(secret, "POST", path, "x", NOW.getEpochSecond(), raw)
            : WebhookSignature.sign(secret, "POST", path, delivery, NOW.getEpochSecond(), raw);
    return WebhookIntake.start(
        definition,
        secrets,
        new SignedRequest("POST", path, delivery, ts, signature, raw),
        "wfr_9",
        NOW);
  }

  private static SignedRequest signed(SigningSecret secret, String ts, byte[] body) {
    String path = WebhookSignature.signalPath("wfr_9");
    return new SignedRequest(
        "POST",
        path,
        "sig-1",
        ts,
        WebhookSignature.sign(secret, "POST", path, "sig-1", Long.parseLong(ts), body),
        body);
  }

  private static ErrorCode refused(WebhookIntake.Result result) {
    assertThat(result).isInstanceOf(WebhookIntake.Result.Refused.class);
    return ((WebhookIntake.Result.Refused) result).refusal().code();
  }

  @Test
  void a_signed_webhook_yields_the_first_records_and_the_rendered_prompt() {
    WebhookIntake.Result result = webhook("gh-1", "{\"repo\":\"kxm\"}", start);

    assertThat(result)
        .isInstanceOfSatisfying(
            WebhookIntake.Result.Accepted.class,
            a -> {
              WorkflowRunEvent.Started started = (WorkflowRunEvent.Started) a.history().getFirst();
              assertThat(started.payloadHash()).isEqualTo(Tokens.sha256Hex("{\"repo\":\"kxm\"}"));
              assertThat(started.deliveryId()).isEqualTo("gh-1");
              assertThat(a.prompt().text())
                  .startsWith("Review kxm")
                  .contains("wfr_9")
                  .contains("- build:");
            });
  }

  @Test
  void the_delivery_and_the_signature_are_checked_before_the_body() {
    assertThat(refused(webhook("gh-1", "not json", signal))).isEqualTo(ErrorCode.SIGNATURE_INVALID);
    assertThat(refused(webhook("bad id", "not json", start)))
        .isEqualTo(ErrorCode.INVALID_DELIVERY_ID);
    assertThat(refused(webhook("gh-1", "[1,2]", start))).isEqualTo(ErrorCode.INVALID_JSON);
  }

  @Test
  void a_signal_is_signed_with_the_signal_secret_and_read_into_a_command() {
    byte[] body =
        "{\"signalKey\":\"ci-42\",\"status\":\"failed\",\"evidence\":{\"tests\":\"3 red\"}}"
            .getBytes(StandardCharsets.UTF_8);
    String ts = Long.toString(NOW.getEpochSecond());

    SignalCommand command =
        SignalIntake.read(definition, secrets, "wfr_9", signed(signal, ts, body), NOW).command();

    assertThat(command.signalKey()).isEqualTo("ci-42");
    assertThat(command.status()).isEqualTo(CheckpointStatus.FAILED);
    assertThat(command.evidence()).isEqualTo(Map.of("tests", "3 red"));
    assertThat(command.bodySha256()).isEqualTo(Tokens.sha256Hex(body));
    assertThatThrownBy(
            () -> SignalIntake.read(definition, secrets, "wfr_9", signed(start, ts, body), NOW))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.SIGNATURE_INVALID));
  }

  @Test
  void a_signal_body_without_key_or_status_is_refused() {
    byte[] body = "{\"status\":\"passed\"}".getBytes(StandardCharsets.UTF_8);
    String ts = Long.toString(NOW.getEpochSecond());

    assertThatThrownBy(
            () -> SignalIntake.read(definition, secrets, "wfr_9", signed(signal, ts, body), NOW))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
  }
}
