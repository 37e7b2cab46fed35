package io.kxm.core.context;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.kxm.core.error.ErrorCode;

/** Where a state proposal stands: waiting for an operator, promoted to state, or rejected. */
public enum ProposalStatus {
  PENDING,
  PROMOTED,
  REJECTED;

  @JsonValue
  public String wire() {
    return WireEnum.wire(this);
  }

  @JsonCreator
  public static ProposalStatus fromWire(String value) {
    return WireEnum.parse(ProposalStatus.class, value, "status", ErrorCode.INVALID_REQUEST);
  }
}
