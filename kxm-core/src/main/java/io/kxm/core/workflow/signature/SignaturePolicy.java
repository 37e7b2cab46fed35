package io.kxm.core.workflow.signature;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Duration;

/**
 * What a verifier accepts.
 *
 * @param replayWindow how far the signed timestamp may be from now, in either direction
 * @param allowUntimestamped whether a request without a timestamp may be signed over its body alone
 */
public record SignaturePolicy(Duration replayWindow, boolean allowUntimestamped) {

  public SignaturePolicy {
    Require.between(
        replayWindow, Duration.ofSeconds(1), WorkflowLimits.REPLAY_WINDOW_MAX, "window");
  }

  public static SignaturePolicy of(WorkflowDefinition definition) {
    return new SignaturePolicy(
        definition.replayWindow(), definition.allowUntimestampedSignatures());
  }
}
