package io.kxm.store.lease;

import io.kxm.core.lease.Lease;
import io.kxm.core.lease.LeaseOutcome;
import io.kxm.store.Transactions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link LeaseStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedLeaseStore implements LeaseStore {
  private final Transactions tx;

  public RoutedLeaseStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public LeaseOutcome acquire(String project, String resource, String holder, Duration ttl) {
    return tx.write(t -> t.leases().acquire(project, resource, holder, ttl));
  }

  @Override
  public LeaseOutcome renew(String project, String resource, String holder, Duration ttl) {
    return tx.write(t -> t.leases().renew(project, resource, holder, ttl));
  }

  @Override
  public LeaseOutcome release(String project, String resource, String holder) {
    return tx.write(t -> t.leases().release(project, resource, holder));
  }

  @Override
  public Optional<Lease> find(String project, String resource) {
    return tx.read(t -> t.leases().find(project, resource));
  }

  @Override
  public int purgeEndedBefore(Instant cutoff) {
    return tx.write(t -> t.leases().purgeEndedBefore(cutoff));
  }

  @Override
  public List<Lease> liveHeldBy(String holder) {
    return tx.read(t -> t.leases().liveHeldBy(holder));
  }

  @Override
  public List<Lease> liveIn(String project) {
    return tx.read(t -> t.leases().liveIn(project));
  }
}
