package io.kxm.core.workflow.run;

import io.kxm.core.check.Require;
import io.kxm.core.peer.Limits;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.Evidence;
import io.kxm.core.workflow.SignalKeys;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.signature.DeliveryIds;
import java.util.Map;
import java.util.Objects;

/**
 * A signed signal for a waiting run, after its signature was verified.
 *
 * @param deliveryId the {@code X-KXM-Delivery} header; a repeat is applied once
 * @param bodySha256 hash of the raw body, the only form of it the run keeps
 * @param status the verdict: for a coordinator's wait, the stage's checkpoint; for an audit
 *     escalation, {@code failed} ends the run and anything else resumes the stage
 * @param summary what the signal reports; null gives a default naming the key
 */
public record SignalCommand(
    String runId,
    String signalKey,
    String deliveryId,
    String bodySha256,
    CheckpointStatus status,
    String summary,
    Map<String, String> evidence) {

  public SignalCommand {
    Limits.required("runId", runId, WorkflowLimits.ID_MAX);
    SignalKeys.require(signalKey);
    DeliveryIds.require(deliveryId);
    Require.sha256Hex(bodySha256, "bodySha256");
    Objects.requireNonNull(status, "status");
    summary = summary == null ? "signal " + signalKey + " reported " + status.wire() : summary;
    Limits.required("summary", summary, WorkflowLimits.SUMMARY_MAX);
    evidence = Evidence.normalize(evidence);
  }
}
