package io.kxm.store.lease;

import io.kxm.core.lease.Lease;
import io.kxm.core.lease.LeaseOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Fenced leases on named resources, one per resource and project, timed by the store's clock. A
 * lease row outlives its holder so the fencing token keeps counting up; see {@link
 * #purgeEndedBefore}.
 */
public interface LeaseStore {

  /**
   * Takes the lease when it is free, ended, or already the caller's. The fencing token is 1 for a
   * new lease, grows by one when a different holder takes over an ended lease, and stays the same
   * when the holder takes its own lease again.
   *
   * @return {@link LeaseOutcome.Held} with the lease, or {@link LeaseOutcome.Busy} with the current
   *     holder's valid lease
   */
  LeaseOutcome acquire(String project, String resource, String holder, Duration ttl);

  /**
   * Extends the caller's valid lease to now plus {@code ttl}, keeping its token.
   *
   * @return {@link LeaseOutcome.Held}, or {@link LeaseOutcome.NotHolder} when the caller's lease
   *     ended or belongs to someone else
   */
  LeaseOutcome renew(String project, String resource, String holder, Duration ttl);

  /**
   * Ends the caller's valid lease now. The row stays, so the next holder's token is higher.
   *
   * @return {@link LeaseOutcome.Released}, or {@link LeaseOutcome.NotHolder}
   */
  LeaseOutcome release(String project, String resource, String holder);

  /** The lease on record for the resource, valid or ended. */
  Optional<Lease> find(String project, String resource);

  /** Deletes leases whose deadline passed before {@code cutoff}; returns how many. */
  int purgeEndedBefore(Instant cutoff);

  /** Leases {@code holder} holds right now (not yet expired or released), by resource. */
  List<Lease> liveHeldBy(String holder);

  /** Leases held right now in {@code project}, by resource. */
  List<Lease> liveIn(String project);
}
