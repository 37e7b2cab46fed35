package io.kxm.core.workflow.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Why a run failed; the wire form is a stable code. */
public enum FailureReason {
  /** A stage used its {@code maxAttempts}, by checkpoints or by a signal. */
  ATTEMPTS_EXHAUSTED,
  /** An {@code on} edge was due but its edge, stage or global {@code maxTransitions} ran out. */
  TRANSITION_BUDGET_EXHAUSTED,
  /** The coordinator replied to its prompt while the run was running: work was abandoned. */
  COORDINATOR_REPLIED_EARLY,
  /** The coordinator's prompt expired before the run finished. */
  PROMPT_EXPIRED,
  /** A wait's deadline passed without a signal. */
  DEADLINE_PASSED,
  /** An operator ruled {@code failed} on an audit escalation. */
  AUDIT_REJECTED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static FailureReason fromWire(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
