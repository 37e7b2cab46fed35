package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** When the recipient's harness should surface a request. */
public enum Delivery {
  /** After the recipient's current work; the default. */
  FOLLOW_UP("followUp"),
  /** At the recipient's next decision point. */
  STEER("steer"),
  /** At the start of the recipient's next turn. */
  NEXT_TURN("nextTurn");

  private final String wire;

  Delivery(String wire) {
    this.wire = wire;
  }

  @JsonValue
  public String wire() {
    return wire;
  }

  /** Parses the wire form; null gives the default, {@link #FOLLOW_UP}. */
  public static Delivery fromWire(String value) {
    if (value == null) {
      return FOLLOW_UP;
    }
    for (Delivery delivery : values()) {
      if (delivery.wire.equals(value)) {
        return delivery;
      }
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST,
        "delivery is '" + value + "'; it must be followUp, steer or nextTurn");
  }
}
