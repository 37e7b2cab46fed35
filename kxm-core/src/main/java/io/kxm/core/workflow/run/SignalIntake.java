package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.signature.SignatureCheck;
import io.kxm.core.workflow.signature.SignaturePolicy;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.core.workflow.signature.WorkflowSecrets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Checks a signed signal for a run and reads its body: {@code {"signalKey": "ci-42", "status":
 * "passed", "summary": "…", "evidence": {"tests": "…"}}}. The signal secret signs it; the body is
 * read only after the signature verifies, and only its hash is kept.
 */
public final class SignalIntake {
  private SignalIntake() {}

  /**
   * A signal whose signature verified, and what the signature yields.
   *
   * @param signature its digest, to be claimed once, and its timestamp
   */
  public record Accepted(SignalCommand command, SignatureCheck.Verified signature) {}

  /**
   * @throws KxmException {@code SIGNATURE_INVALID} or {@code SIGNATURE_EXPIRED}, {@code
   *     INVALID_DELIVERY_ID}, {@code INVALID_JSON} or {@code INVALID_REQUEST} for a body without a
   *     key or status, {@code INVALID_SIGNAL_KEY}, or a limit's code
   */
  public static Accepted read(
      WorkflowDefinition definition,
      WorkflowSecrets secrets,
      String runId,
      SignedRequest request,
      Instant now) {
    SignatureCheck check =
        WebhookSignature.verify(secrets.signal(), SignaturePolicy.of(definition), request, now);
    if (check instanceof SignatureCheck.Refused refused) {
      throw refusal(refused, runId);
    }
    SignatureCheck.Verified verified = (SignatureCheck.Verified) check;
    JsonNode body = WebhookIntake.object(request.body());
    String status = text(body, "status");
    if (body.path("signalKey").isMissingNode() || status == null) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "a signal body names its signalKey and status");
    }
    Map<String, String> evidence = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : body.path("evidence").properties()) {
      evidence.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asString() : null);
    }
    SignalCommand command =
        new SignalCommand(
            runId,
            text(body, "signalKey"),
            request.deliveryId(),
            verified.bodySha256(),
            CheckpointStatus.fromWire(status),
            text(body, "summary"),
            evidence);
    return new Accepted(command, verified);
  }

  /**
   * The refusal for a signal to a run that does not exist: the one a wrongly signed signal to a
   * real run gets, so the answer does not reveal which runs exist.
   */
  public static KxmException unknown(String runId, SignedRequest request, Instant now) {
    return refusal(WebhookSignature.refuseWithoutTarget(request, now), runId);
  }

  private static KxmException refusal(SignatureCheck.Refused refused, String runId) {
    return new KxmException(refused.code(), refused.message() + " (run " + runId + ")");
  }

  private static String text(JsonNode body, String field) {
    JsonNode node = body.path(field);
    return node.isString() ? node.asString() : null;
  }
}
