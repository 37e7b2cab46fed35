package io.kxm.hub.leases;

import io.kxm.core.lease.Lease;
import java.time.Instant;

/**
 * A lease as the lease routes show it.
 *
 * @param holder the agent ID of the holder
 * @param fencingToken pass it along with every write to the shared resource
 * @param expiresAt the deadline by the hub's clock; renew before it
 */
public record LeaseView(
    String resource, String holder, long fencingToken, Instant acquiredAt, Instant expiresAt) {

  static LeaseView of(Lease lease) {
    return new LeaseView(
        lease.resource(),
        lease.holder(),
        lease.fencingToken(),
        lease.acquiredAt(),
        lease.expiresAt());
  }
}
