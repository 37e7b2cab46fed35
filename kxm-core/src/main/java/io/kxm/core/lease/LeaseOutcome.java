package io.kxm.core.lease;

import java.util.Optional;

/** What a lease request did; refusals are values, not errors. */
public sealed interface LeaseOutcome {

  /** The caller holds the lease now (acquired or renewed). */
  record Held(Lease lease) implements LeaseOutcome {}

  /** The caller gave the lease up; it stays on record, ended, to keep its fencing token. */
  record Released(Lease lease) implements LeaseOutcome {}

  /** Another holder has a valid lease on the resource. */
  record Busy(Lease current) implements LeaseOutcome {}

  /**
   * The caller does not hold a valid lease, so it cannot renew or release it: the lease is missing,
   * ended, or someone else's.
   */
  record NotHolder(Optional<Lease> current) implements LeaseOutcome {}
}
