package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/** How sure the author is of an item, independent of how binding it is. */
public enum Confidence {
  VERIFIED,
  PROBABLE,
  UNCERTAIN;

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static Confidence fromWire(String value) {
    return WireEnum.parse(Confidence.class, value, "confidence", ErrorCode.CONTEXT_ITEM_INVALID);
  }
}
