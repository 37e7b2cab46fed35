package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Where a runtime run stands. The table below is the only source of allowed changes. */
public enum RunStatus {
  CREATED,
  QUEUED,
  PREPARING,
  RUNNING,
  WAITING,
  RETRY_PENDING,
  BLOCKED_UNCERTAIN,
  CANCELLING,
  COMPLETED,
  FAILED,
  CANCELLED;

  public static final TransitionTable<RunStatus> TABLE =
      TransitionTable.of("run", RunStatus.class)
          .allow(CREATED, PREPARING, QUEUED, CANCELLING, CANCELLED, FAILED)
          .allow(QUEUED, CREATED, CANCELLED)
          .allow(PREPARING, RUNNING, FAILED, CANCELLING, CANCELLED)
          .allow(
              RUNNING,
              COMPLETED,
              FAILED,
              CANCELLED,
              CANCELLING,
              BLOCKED_UNCERTAIN,
              WAITING,
              RETRY_PENDING)
          .allow(WAITING, RUNNING, CANCELLING, FAILED)
          .allow(RETRY_PENDING, RUNNING, CANCELLING, FAILED)
          .allow(BLOCKED_UNCERTAIN, RUNNING, FAILED, CANCELLING)
          .allow(CANCELLING, CANCELLED, FAILED);

  public boolean terminal() {
    return this == COMPLETED || this == FAILED || this == CANCELLED;
  }

  /** Holds one of the project's run slots ({@code limits.maxConcurrentRuns}). */
  public boolean holdsSlot() {
    return !terminal() && this != QUEUED;
  }

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static RunStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
