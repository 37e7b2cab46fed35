package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where one step of a run stands. */
public enum StepStatus {
  PENDING,
  PREPARING,
  RUNNING,
  WAITING,
  RETRY_PENDING,
  PASSED,
  FAILED,
  CANCELLED,
  SKIPPED;

  public static final TransitionTable<StepStatus> TABLE =
      TransitionTable.of("step", StepStatus.class)
          .allow(PENDING, PREPARING, SKIPPED, CANCELLED)
          .allow(PREPARING, RUNNING, FAILED, CANCELLED)
          .allow(RUNNING, PASSED, FAILED, CANCELLED, WAITING, RETRY_PENDING)
          .allow(WAITING, RUNNING, FAILED, CANCELLED)
          .allow(RETRY_PENDING, RUNNING, FAILED, CANCELLED);

  public boolean terminal() {
    return this == PASSED || this == FAILED || this == CANCELLED || this == SKIPPED;
  }

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static StepStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
