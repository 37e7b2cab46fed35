package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * One agent's share of a step. Every state may end early in {@code terminal} (cancelled, failed),
 * which is why each row lists it.
 */
public enum AssignmentStatus {
  CREATED,
  ACCEPTED,
  DISPATCHED,
  EXECUTING,
  RESULT_RECORDED,
  TERMINAL;

  public static final TransitionTable<AssignmentStatus> TABLE =
      TransitionTable.of("assignment", AssignmentStatus.class)
          .allow(CREATED, ACCEPTED, TERMINAL)
          .allow(ACCEPTED, DISPATCHED, TERMINAL)
          .allow(DISPATCHED, EXECUTING, TERMINAL)
          .allow(EXECUTING, RESULT_RECORDED, TERMINAL)
          .allow(RESULT_RECORDED, TERMINAL);

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static AssignmentStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
