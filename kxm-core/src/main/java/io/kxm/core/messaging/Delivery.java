package io.kxm.core.messaging;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** How the recipient's harness should surface a request. */
public enum Delivery {
  /** After the current turn, as a follow-up; the default. */
  FOLLOW_UP("followUp"),
  /** Into the running turn, steering it. */
  STEER("steer"),
  /** At the start of the next turn the user begins. */
  NEXT_TURN("nextTurn");

  private final String wire;

  Delivery(String wire) {
    this.wire = wire;
  }

  /** The stable wire and column form, for example {@code followUp}. */
  @com.fasterxml.jackson.annotation.JsonValue
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
        "delivery '" + value + "' is unknown; use followUp, steer or nextTurn");
  }
}
