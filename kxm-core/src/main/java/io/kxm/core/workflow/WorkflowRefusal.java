package io.kxm.core.workflow;

import java.util.Map;
import java.util.Objects;

/**
 * Why a workflow command was not applied: a stable code, a message naming the run, stage and limit,
 * and structured details a client can act on (for example {@code missingRequirements}).
 */
public record WorkflowRefusal(
    io.kxm.core.error.ErrorCode code, String message, Map<String, Object> details) {

  public WorkflowRefusal {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
    details = Map.copyOf(details);
  }

  public static WorkflowRefusal of(io.kxm.core.error.ErrorCode code, String message) {
    return new WorkflowRefusal(code, message, Map.of());
  }

  /** The same refusal as an exception, for surfaces that answer errors by throwing. */
  public WorkflowRefusedException toException() {
    return new WorkflowRefusedException(this);
  }
}
