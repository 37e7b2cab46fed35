package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
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
 * lease. On PostgreSQL the supervisor joins before it reconciles anything, renews its lease with
 * its heartbeat and leaves when it stops.
 *
 * <p>Until several instances can share one database (runs owned by the instance that executes them,
 * reconciliation of a dead instance's runs only), a supervisor refuses to start while another
 * instance holds a lease there: its start-up reconciliation would end that instance's live runs. An
 * instance whose lease lapsed is claimed, and its runs are reconciled with this one's start.
 */
final class InstanceMembership implements AutoCloseable {
  static final String LEASE = "KXM_RUNTIME_INSTANCE_LEASE_MS";
  static final Duration DEFAULT_LEASE = Duration.ofSeconds(20);

  private final InstanceLeases leases;
  private final String instanceId;
  private final Clock clock;
  private final Duration lease;

  private InstanceMembership(
      InstanceLeases leases, String instanceId, Clock clock, Duration lease) {
    this.leases = leases;
    this.instanceId = instanceId;
    this.clock = clock;
    this.lease = lease;
  }

  /**
   * Joins the runtime database {@code env} names; empty on SQLite.
   *
   * @param heartbeat how often the lease is renewed; the lease must last at least two of them
   * @throws KxmException {@code runtime_instance_running} while another instance holds a lease
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
      List<RuntimeInstance> others = leases.live(clock.instant());
      if (!others.isEmpty()) {
        RuntimeInstance other = others.getFirst();
        throw new KxmException(
            ErrorCode.RUNTIME_INSTANCE_RUNNING,
            "runtime instance "
                + other.id()
                + " (pid "
                + other.pid()
                + " on "
                + other.host()
                + ") holds a lease on "
                + database
                + " until "
                + other.leaseUntil());
      }
      // the URL is known once the supervisor listens (announce)
      leases.join(instanceId, "", host, ProcessHandle.current().pid(), clock.instant(), lease);
      // a lapsed instance's runs are reconciled with this start, which ends every unfinished run
      leases.claimLapsed(instanceId, clock.instant());
      return Optional.of(new InstanceMembership(leases, instanceId, clock, lease));
    } catch (RuntimeException e) {
      leases.close();
      throw e;
    }
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
