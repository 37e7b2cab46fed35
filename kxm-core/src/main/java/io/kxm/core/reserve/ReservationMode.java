package io.kxm.core.reserve;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * How a reservation shares its paths. An exclusive reservation keeps every other agent from
 * reserving or editing an overlapping path; shared reservations coexist with each other and only
 * keep out an exclusive one.
 */
public enum ReservationMode {
  EXCLUSIVE,
  SHARED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Exclusive when absent. */
  @JsonCreator
  public static ReservationMode fromWire(String wire) {
    if (wire == null) {
      return EXCLUSIVE;
    }
    return switch (wire) {
      case "exclusive" -> EXCLUSIVE;
      case "shared" -> SHARED;
      default ->
          throw new KxmException(
              ErrorCode.INVALID_REQUEST,
              "mode must be 'exclusive' or 'shared', not '" + wire + "'");
    };
  }

  /** Whether a reservation in this mode and one in {@code other} may hold overlapping paths. */
  public boolean coexistsWith(ReservationMode other) {
    return this == SHARED && other == SHARED;
  }
}
