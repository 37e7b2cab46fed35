package io.kxm.core.peer;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * Marks a request as part of a webhook workflow run, so that its reply can count as peer evidence
 * for one requirement of one stage attempt.
 *
 * @param runId the run; the request's correlationId must equal it
 * @param stageId the active stage
 * @param requirementKey the evidence requirement the reply answers
 * @param attempt the stage attempt, 1 to 20
 */
public record WorkflowContext(String runId, String stageId, String requirementKey, int attempt) {

  public WorkflowContext {
    runId = Limits.required("workflowContext.runId", runId, Limits.ID_MAX);
    stageId = Limits.required("workflowContext.stageId", stageId, Limits.ID_MAX);
    requirementKey =
        Limits.required("workflowContext.requirementKey", requirementKey, Limits.ID_MAX);
    Limits.range("workflowContext.attempt", (long) attempt, Limits.ATTEMPT_MIN, Limits.ATTEMPT_MAX);
  }

  /**
   * The correlation ID a request carries: with a workflow context it defaults to the run ID and
   * must equal it; without one it is whatever the caller gave.
   */
  static String correlate(WorkflowContext context, String correlationId) {
    String checked = Limits.optional("correlationId", correlationId, Limits.KEY_MAX);
    if (context == null || checked == null) {
      return context == null ? checked : context.runId();
    }
    if (!checked.equals(context.runId())) {
      throw new KxmException(
          ErrorCode.WORKFLOW_CONTEXT_CORRELATION_MISMATCH,
          "correlationId '"
              + checked
              + "' differs from workflowContext.runId '"
              + context.runId()
              + "'");
    }
    return checked;
  }
}
