package io.kxm.runtime.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * Where a run's fenced lease on one shared resource stands. A resource the run never leased has no
 * status; its first event must be {@code taken}.
 */
public enum LeaseStatus {
  TAKEN,
  RENEWED,
  LOST,
  RELEASED;

  public static final TransitionTable<LeaseStatus> TABLE =
      TransitionTable.of("lease", LeaseStatus.class)
          // a drive that follows a crashed one takes the lease the crashed one still held
          .allow(TAKEN, RENEWED, LOST, RELEASED, TAKEN)
          .allow(RENEWED, RENEWED, LOST, RELEASED, TAKEN)
          .allow(LOST, TAKEN)
          .allow(RELEASED, TAKEN);

  /** Whether the run holds the lease in this state. */
  public boolean held() {
    return this == TAKEN || this == RENEWED;
  }

  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonCreator
  public static LeaseStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
