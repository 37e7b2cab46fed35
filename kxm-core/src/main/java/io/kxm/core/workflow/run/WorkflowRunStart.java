package io.kxm.core.workflow.run;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.definition.DefinitionHash;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.signature.DeliveryIds;
import java.time.Instant;
import java.util.List;

/**
 * The first records of a run created by a verified webhook. The caller then stores the run, sends
 * the coordinator its prompt in the same transaction, and appends {@link
 * WorkflowRunEvent.PromptSent}.
 */
public final class WorkflowRunStart {
  private WorkflowRunStart() {}

  /**
   * @param deliveryId the webhook's {@code X-KXM-Delivery}
   * @param payloadHash hex SHA-256 of the raw webhook body; the body itself is never kept
   */
  public static List<WorkflowRunEvent> events(
      WorkflowDefinition definition, String deliveryId, String payloadHash, Instant now) {
    DeliveryIds.require(deliveryId);
    Require.sha256Hex(payloadHash, "payloadHash");
    return List.of(
        new WorkflowRunEvent.Started(
            now,
            definition.project(),
            definition.id(),
            definition.coordinator(),
            deliveryId,
            DefinitionHash.of(definition),
            payloadHash,
            definition.firstStage().id()));
  }

  /** The records that make {@code messageId} the current prompt of {@code run}. */
  public static WorkflowRunEvent promptSent(WorkflowRun run, String messageId, Instant now) {
    return new WorkflowRunEvent.PromptSent(
        now, messageId, run.currentStage(), run.currentAttempt());
  }
}
