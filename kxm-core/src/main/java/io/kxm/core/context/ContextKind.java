package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/** What a context item is: observed evidence, a state value, an episode, knowledge or a skill. */
public enum ContextKind {
  EVIDENCE,
  STATE,
  EPISODE,
  KNOWLEDGE,
  SKILL;

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static ContextKind fromWire(String value) {
    return WireEnum.parse(ContextKind.class, value, "kind", ErrorCode.CONTEXT_ITEM_INVALID);
  }
}
