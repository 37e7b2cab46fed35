package io.kxm.core.workflow;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/** The verdict on one stage attempt, from the coordinator's checkpoint or from a signal. */
public enum CheckpointStatus {
  /** The stage's work is done and its evidence is complete. */
  PASSED,
  /** Done with reservations; counts as a failed attempt and asks for another. */
  WARNING,
  /** Not done; counts as a failed attempt. */
  FAILED;

  /** The stable wire form, for example {@code passed}. */
  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static CheckpointStatus fromWire(String value) {
    for (CheckpointStatus status : values()) {
      if (status.wire().equals(value)) {
        return status;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST,
        "checkpoint status '" + value + "' is unknown; use passed, warning or failed");
  }
}
