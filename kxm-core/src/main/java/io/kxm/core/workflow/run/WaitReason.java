package io.kxm.core.workflow.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Why a run waits. */
public enum WaitReason {
  /** The coordinator parked the stage on an external signal (CI, review, merge). */
  SIGNAL,
  /** The stage failed too often and needs an operator's ruling. */
  AUDIT_ESCALATION;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static WaitReason fromWire(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
