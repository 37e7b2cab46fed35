package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/**
 * Where an item came from, and so the strongest authority it may carry: people and reviewed
 * workflows may set policy, Git may instruct, and everything else (peers, tools, outside sources,
 * derived text) is evidence at most.
 */
public enum ContextOrigin {
  HUMAN(Authority.POLICY),
  WORKFLOW(Authority.POLICY),
  GIT(Authority.INSTRUCTION),
  PEER(Authority.EVIDENCE),
  TOOL(Authority.EVIDENCE),
  EXTERNAL(Authority.EVIDENCE),
  DERIVED(Authority.EVIDENCE);

  private final Authority ceiling;

  ContextOrigin(Authority ceiling) {
    this.ceiling = ceiling;
  }

  /** The highest authority an item of this origin may carry. */
  public Authority ceiling() {
    return ceiling;
  }

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static ContextOrigin fromWire(String value) {
    return WireEnum.parse(ContextOrigin.class, value, "origin", ErrorCode.CONTEXT_ITEM_INVALID);
  }
}
