package io.kxm.supervisor;

import io.kxm.core.settings.EnvSettings;
import io.kxm.runtime.instance.InstanceLeases;
import io.kxm.runtime.instance.PostgresInstanceLeases;
import io.kxm.runtime.instance.RuntimeInstance;
import io.kxm.runtime.store.RuntimeDatabase;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * This supervisor's lease on a shared runtime database. On SQLite there is nothing to share and no
 * lease. On PostgreSQL the supervisor joins before it touches anything, renews its lease with its
 * heartbeat, claims the instances whose lease lapsed (and adopts what they left) and leaves when it
 * stops. Several supervisors may hold leases at once; each executes only what it owns.
 */
final class InstanceMembership implements AutoCloseable {
  static final String LEASE = "KXM_RUNTIME_INSTANCE_LEASE_MS";
  static final Duration DEFAULT_LEASE = Duration.ofSeconds(20);

  private final InstanceLeases leases;
  private final String instanceId;
  private final String host;
  private final Clock clock;
  private final Duration lease;

  private InstanceMembership(
      InstanceLeases leases, String instanceId, String host, Clock clock, Duration lease) {
    this.leases = leases;
    this.instanceId = instanceId;
    this.host = host;
    this.clock = clock;
    this.lease = lease;
  }

  /**
   * Joins the runtime database {@code env} names; empty on SQLite.
   *
   * @param heartbeat how often the lease is renewed; the lease must last at least two of them
   */
  static Optional<InstanceMembership> join(
      Map<String, String> env, String instanceId, String host, Clock clock, Duration heartbeat) {
    RuntimeDatabase database = RuntimeDatabase.fromEnvironment(env);
    if (!database.onPostgres()) {
      return Optional.empty();
    }
    Duration lease =
        EnvSettings.of(env)
            .millis(LEASE, DEFAULT_LEASE, heartbeat.multipliedBy(2), Duration.ofMinutes(10));
    InstanceLeases leases = PostgresInstanceLeases.open(database, clock);
    try {
      // the URL is known once the supervisor listens (announce)
      leases.join(instanceId, "", host, ProcessHandle.current().pid(), clock.instant(), lease);
      return Optional.of(new InstanceMembership(leases, instanceId, host, clock, lease));
    } catch (RuntimeException e) {
      leases.close();
      throw e;
    }
  }

  String instanceId() {
    return instanceId;
  }

  /** Whether the instance still holds its lease; this one always does while it runs. */
  boolean isLive(String otherId) {
    if (otherId.equals(instanceId)) {
      return true;
    }
    return leases.instance(otherId).map(i -> i.holdsAt(clock.instant())).orElse(false);
  }

  /** Whether the instance ran on this machine, as far as the address it recorded tells. */
  boolean onThisHost(RuntimeInstance other) {
    return other.host().equals(host);
  }

  /** Instances other than this one that hold a lease now. */
  List<RuntimeInstance> others() {
    return leases.live(clock.instant()).stream().filter(i -> !i.id().equals(instanceId)).toList();
  }

  /**
   * Claims every instance whose lease lapsed and that nobody claimed yet; each is returned to
   * exactly one survivor, which must then adopt what it left.
   */
  List<RuntimeInstance> claimLapsed() {
    return leases.claimLapsed(instanceId, clock.instant());
  }

  /** Records the URL the supervisor listens on, for the other instances and their clients. */
  void announce(String url) {
    leases.announce(instanceId, url);
  }

  /**
   * Renews the lease.
   *
   * @return false when the lease was lost: another instance claimed this one
   */
  boolean renew() {
    return leases.renew(instanceId, clock.instant(), lease);
  }

  /** Leaves the database: the lease ends now, and no one will reconcile this instance. */
  @Override
  public void close() {
    try {
      leases.leave(instanceId, clock.instant());
    } finally {
      leases.close();
    }
  }
}
