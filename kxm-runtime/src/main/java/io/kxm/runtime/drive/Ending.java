package io.kxm.runtime.drive;

/** How a drive stopped; also the receipt's kind. */
public enum Ending {
  /** The run finished: completed, failed or cancelled. */
  TERMINAL,
  /** The run is parked on an answer someone else must give. */
  HANDOFF,
  /** The run is blocked on an outcome nobody can prove, or stopped before settling. */
  UNSETTLED;

  public String wire() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
