package io.kxm.core.workflow.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.PromptTemplate;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.signature.SignatureCheck;
import io.kxm.core.workflow.signature.SignaturePolicy;
import io.kxm.core.workflow.signature.SignedRequest;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.core.workflow.signature.WorkflowSecrets;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Checks a webhook that would start a run and prepares what the hub stores: the delivery ID and the
 * signature first (nothing of an unsigned body is parsed), then the body, which must be a JSON
 * object. The body itself goes no further than the prompt; the run keeps its SHA-256.
 */
public final class WebhookIntake {
  private WebhookIntake() {}

  /** What a webhook yields. */
  public sealed interface Result {
    /**
     * @param history the run's first records; store them with the run, then append {@code
     *     PromptSent} once the prompt message exists
     * @param prompt the coordinator's first request
     * @param signature what the verified signature yields: its digest, to be claimed once
     */
    record Accepted(
        List<WorkflowRunEvent> history,
        PromptTemplate.RenderedPrompt prompt,
        SignatureCheck.Verified signature)
        implements Result {
      public Accepted {
        history = List.copyOf(history);
      }
    }

    record Refused(WorkflowRefusal refusal) implements Result {}
  }

  /**
   * @param runId the ID the run will have if it is new; the prompt names it
   */
  public static Result start(
      WorkflowDefinition definition,
      WorkflowSecrets secrets,
      SignedRequest request,
      String runId,
      Instant now) {
    SignatureCheck check =
        WebhookSignature.verify(secrets.start(), SignaturePolicy.of(definition), request, now);
    if (check instanceof SignatureCheck.Refused refused) {
      return refused(refused.code(), refused.message() + " (workflow " + definition.id() + ")");
    }
    SignatureCheck.Verified verified = (SignatureCheck.Verified) check;
    try {
      JsonNode payload = object(request.body());
      return new Result.Accepted(
          WorkflowRunStart.events(definition, request.deliveryId(), verified.bodySha256(), now),
          CoordinatorPrompts.initial(definition, runId, payload),
          verified);
    } catch (KxmException e) {
      return refused(e.code(), e.getMessage());
    }
  }

  /**
   * A webhook for a workflow the hub does not have: refused as a wrongly signed one to a real
   * workflow is, so the answer does not reveal which workflows exist.
   */
  public static Result.Refused unknown(String workflowId, SignedRequest request, Instant now) {
    SignatureCheck.Refused refused = WebhookSignature.refuseWithoutTarget(request, now);
    return refused(refused.code(), refused.message() + " (workflow " + workflowId + ")");
  }

  /** The body as a JSON object; anything else is {@code INVALID_JSON}. */
  static JsonNode object(byte[] rawBody) {
    try {
      JsonNode node = Json.read(new String(rawBody, StandardCharsets.UTF_8));
      if (node.isObject()) {
        return node;
      }
    } catch (RuntimeException e) {
      // reported below without echoing the body
    }
    throw new KxmException(ErrorCode.INVALID_JSON, "the body must be a JSON object");
  }

  private static Result.Refused refused(ErrorCode code, String message) {
    return new Result.Refused(WorkflowRefusal.of(code, message));
  }
}
