package io.kxm.core.reserve;

/**
 * Another agent's exclusive reservation that keeps an editor from changing one file.
 *
 * @param covering the glob of {@code held} that the file falls under
 */
public record EditBlock(Reservation held, PathGlob covering) {

  /** Why the edit is refused: who holds the file exclusively, under which glob, until when. */
  public String describe() {
    return "held exclusively by "
        + held.describeHolder()
        + " (reservation "
        + held.id()
        + ", "
        + covering.pattern()
        + (held.reason() == null ? "" : ": " + held.reason())
        + ")";
  }
}
