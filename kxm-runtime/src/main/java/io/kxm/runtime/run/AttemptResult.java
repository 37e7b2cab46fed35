package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** How a terminal attempt ended. */
public enum AttemptResult {
  /** It produced something that can be judged (an answer, a gate exit code). */
  OUTCOME,
  /** It ran, but what happened cannot be proven (crash, timeout, a drive that died). */
  OUTCOME_UNKNOWN,
  /** It was refused before doing anything (unknown route, a gate program that cannot start). */
  PRODUCER_REJECTED,
  CANCELLED;

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static AttemptResult fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
