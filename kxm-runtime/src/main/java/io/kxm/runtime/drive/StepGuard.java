package io.kxm.runtime.drive;

import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * What stops the step being executed, and what its processes are told: the drive's own cancel, and
 * the step's leases, whose loss stops it too.
 */
final class StepGuard implements BooleanSupplier {
  private final BooleanSupplier cancelled;
  private volatile StepLeases leases;

  StepGuard(BooleanSupplier cancelled) {
    this.cancelled = cancelled;
  }

  void hold(StepLeases current) {
    this.leases = current;
  }

  /** True once the drive is cancelled or a lease of the step is lost. */
  @Override
  public boolean getAsBoolean() {
    return cancelled.getAsBoolean() || lost() != null;
  }

  /** Why the step's lease was lost, {@code lease_lost: …}; null while nothing was lost. */
  String lost() {
    StepLeases current = leases;
    return current == null ? null : current.lost();
  }

  /** The hub's URL and the fencing tokens of the step's leases; empty without leases. */
  Map<String, String> environment() {
    StepLeases current = leases;
    return current == null ? Map.of() : current.environment();
  }
}
