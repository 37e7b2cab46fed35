package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/**
 * Whether an item still holds. Only {@code current} items reach packets and recall; the others are
 * kept for {@code asOf} reads until retention purges them.
 */
public enum Validity {
  CURRENT,
  SUPERSEDED,
  REJECTED,
  EXPIRED;

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static Validity fromWire(String value) {
    return WireEnum.parse(Validity.class, value, "validity", ErrorCode.CONTEXT_ITEM_INVALID);
  }
}
