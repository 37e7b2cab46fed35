package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/**
 * How binding an item is, strongest first: a policy outranks an instruction, which outranks
 * evidence, which outranks a hypothesis.
 */
public enum Authority {
  POLICY,
  INSTRUCTION,
  EVIDENCE,
  HYPOTHESIS;

  /** Whether this level is at most as strong as {@code other}. */
  public boolean atMost(Authority other) {
    return ordinal() >= other.ordinal();
  }

  /** The weaker of the two. */
  public static Authority weaker(Authority a, Authority b) {
    return a.ordinal() >= b.ordinal() ? a : b;
  }

  /** 4 for policy down to 1 for a hypothesis, for ranking. */
  public int weight() {
    return values().length - ordinal();
  }

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static Authority fromWire(String value) {
    return WireEnum.parse(Authority.class, value, "authority", ErrorCode.CONTEXT_ITEM_INVALID);
  }
}
