package io.kxm.core.reserve;

import java.util.List;

/** A live reservation of another agent that a reserve runs into, and the globs that meet. */
public record ReservationConflict(Reservation held, List<Overlap> overlaps) {

  public ReservationConflict {
    overlaps = List.copyOf(overlaps);
  }

  /** One line: the holder, the globs that meet and the deadline. */
  public String describe() {
    StringBuilder line = new StringBuilder();
    for (Overlap o : overlaps) {
      if (!line.isEmpty()) {
        line.append(", ");
      }
      line.append(o.wanted().pattern());
      if (!o.wanted().pattern().equals(o.held().pattern())) {
        line.append(" meets ").append(o.held().pattern());
      }
      line.append(" (e.g. ").append(o.example()).append(')');
    }
    return line
        + " "
        + (held.mode() == ReservationMode.EXCLUSIVE ? "held exclusively" : "held shared")
        + " by "
        + held.describeHolder()
        + " in reservation "
        + held.id();
  }
}
