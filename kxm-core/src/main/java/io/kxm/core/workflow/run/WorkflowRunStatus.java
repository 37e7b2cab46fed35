package io.kxm.core.workflow.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/**
 * Where a webhook workflow run stands. The moves between these are in {@link
 * WorkflowRunTransition}.
 */
public enum WorkflowRunStatus {
  /** The coordinator is working on the current stage. */
  RUNNING,
  /** The current stage is parked until a signed signal or its deadline. */
  WAITING,
  COMPLETED,
  FAILED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean isTerminal() {
    return WorkflowRunTransition.from(this).isEmpty();
  }

  @JsonCreator
  public static WorkflowRunStatus fromWire(String value) {
    for (WorkflowRunStatus status : values()) {
      if (status.wire().equals(value)) {
        return status;
      }
    }
    throw new KxmException(ErrorCode.INVALID_REQUEST, "run status '" + value + "' is unknown");
  }
}
