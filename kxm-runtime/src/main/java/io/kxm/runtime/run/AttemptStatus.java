package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * One try of an assignment. An attempt that never started may end at once; one that started always
 * settles first, so its result is written down before it is final.
 */
public enum AttemptStatus {
  CREATED,
  STARTING,
  EXECUTING,
  SETTLING,
  TERMINAL;

  public static final TransitionTable<AttemptStatus> TABLE =
      TransitionTable.of("attempt", AttemptStatus.class)
          .allow(CREATED, STARTING, TERMINAL)
          .allow(STARTING, EXECUTING, SETTLING)
          .allow(EXECUTING, SETTLING)
          .allow(SETTLING, TERMINAL);

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static AttemptStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
