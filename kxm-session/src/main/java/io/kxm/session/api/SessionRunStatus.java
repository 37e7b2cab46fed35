package io.kxm.session.api;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * The lifecycle of one session run (one turn of a session): {@code queued} until the session and
 * the global limit give it a slot, {@code running} while its harness works, then one of four ends.
 * {@code interrupted} is what a supervisor crash or an expired shutdown grace leaves behind.
 */
public enum SessionRunStatus {
  QUEUED,
  RUNNING,
  COMPLETED,
  FAILED,
  CANCELLED,
  INTERRUPTED;

  private static final Set<SessionRunStatus> TERMINAL =
      EnumSet.of(COMPLETED, FAILED, CANCELLED, INTERRUPTED);

  public boolean isTerminal() {
    return TERMINAL.contains(this);
  }

  /** Whether the lifecycle allows moving from this status to {@code next}. */
  public boolean canMoveTo(SessionRunStatus next) {
    return switch (this) {
      case QUEUED -> next == RUNNING || next == CANCELLED || next == INTERRUPTED;
      case RUNNING -> next.isTerminal();
      default -> false;
    };
  }

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static SessionRunStatus fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
