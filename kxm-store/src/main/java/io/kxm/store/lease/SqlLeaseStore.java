package io.kxm.store.lease;

import io.kxm.core.check.Require;
import io.kxm.core.lease.Lease;
import io.kxm.core.lease.LeaseLimits;
import io.kxm.core.lease.LeaseOutcome;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Row;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link LeaseStore} in SQL that SQLite and PostgreSQL both accept. */
public final class SqlLeaseStore implements LeaseStore {
  private static final String COLUMNS =
      "project, resource, holder, fencing_token, acquired_at, renewed_at, expires_at";

  // One upsert decides the fencing rule under the row lock: concurrent takers cannot both win.
  // Every expression in SET reads the row as it was before the update.
  private static final String ACQUIRE =
      "INSERT INTO leases ("
          + COLUMNS
          + ") VALUES (?, ?, ?, 1, ?, ?, ?)"
          + " ON CONFLICT (project, resource) DO UPDATE SET"
          + " fencing_token = CASE WHEN leases.holder = excluded.holder"
          + " THEN leases.fencing_token ELSE leases.fencing_token + 1 END,"
          + " acquired_at = CASE WHEN leases.holder = excluded.holder AND leases.expires_at > ?"
          + " THEN leases.acquired_at ELSE excluded.acquired_at END,"
          + " holder = excluded.holder, renewed_at = excluded.renewed_at,"
          + " expires_at = excluded.expires_at"
          + " WHERE leases.holder = excluded.holder OR leases.expires_at <= ?"
          + " RETURNING "
          + COLUMNS;

  private static final String HELD_BY_CALLER =
      " WHERE project = ? AND resource = ? AND holder = ? AND expires_at > ? RETURNING " + COLUMNS;

  private final Jdbc jdbc;
  private final Clock clock;

  public SqlLeaseStore(Jdbc jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Override
  public LeaseOutcome acquire(String project, String resource, String holder, Duration ttl) {
    requireTtl(ttl);
    Instant now = now();
    Optional<Lease> taken =
        on("acquire", project, resource, holder)
            .first(
                ACQUIRE,
                SqlLeaseStore::map,
                project,
                resource,
                holder,
                now,
                now,
                now.plus(ttl),
                now,
                now);
    if (taken.isPresent()) {
      return new LeaseOutcome.Held(taken.get());
    }
    return new LeaseOutcome.Busy(find(project, resource).orElseThrow());
  }

  @Override
  public LeaseOutcome renew(String project, String resource, String holder, Duration ttl) {
    requireTtl(ttl);
    Instant now = now();
    return on("renew", project, resource, holder)
        .first(
            "UPDATE leases SET renewed_at = ?, expires_at = ?" + HELD_BY_CALLER,
            SqlLeaseStore::map,
            now,
            now.plus(ttl),
            project,
            resource,
            holder,
            now)
        .<LeaseOutcome>map(LeaseOutcome.Held::new)
        .orElseGet(() -> new LeaseOutcome.NotHolder(find(project, resource)));
  }

  @Override
  public LeaseOutcome release(String project, String resource, String holder) {
    Instant now = now();
    return on("release", project, resource, holder)
        .first(
            "UPDATE leases SET expires_at = ?" + HELD_BY_CALLER,
            SqlLeaseStore::map,
            now,
            project,
            resource,
            holder,
            now)
        .<LeaseOutcome>map(LeaseOutcome.Released::new)
        .orElseGet(() -> new LeaseOutcome.NotHolder(find(project, resource)));
  }

  @Override
  public Optional<Lease> find(String project, String resource) {
    return jdbc.about("read lease " + resource + " in project " + project)
        .first(
            "SELECT " + COLUMNS + " FROM leases WHERE project = ? AND resource = ?",
            SqlLeaseStore::map,
            project,
            resource);
  }

  @Override
  public List<Lease> liveHeldBy(String holder) {
    return jdbc.about("list live leases of holder " + holder)
        .list(
            "SELECT "
                + COLUMNS
                + " FROM leases WHERE holder = ? AND expires_at > ? ORDER BY resource",
            SqlLeaseStore::map,
            holder,
            now());
  }

  @Override
  public List<Lease> liveIn(String project) {
    return jdbc.about("list live leases of project " + project)
        .list(
            "SELECT "
                + COLUMNS
                + " FROM leases WHERE project = ? AND expires_at > ? ORDER BY resource",
            SqlLeaseStore::map,
            project,
            now());
  }

  @Override
  public int purgeEndedBefore(Instant cutoff) {
    return jdbc.about("purge leases ended before " + cutoff)
        .update("DELETE FROM leases WHERE expires_at < ?", cutoff);
  }

  private Jdbc on(String verb, String project, String resource, String holder) {
    Require.label(resource, "resource", LeaseLimits.RESOURCE_CHARS);
    Require.label(holder, "holder", LeaseLimits.HOLDER_CHARS);
    return jdbc.about(
        verb + " lease " + resource + " in project " + project + " for holder " + holder);
  }

  private static void requireTtl(Duration ttl) {
    Require.between(ttl, LeaseLimits.MIN_TTL, LeaseLimits.MAX_TTL, "lease ttl");
  }

  private Instant now() {
    return Instant.ofEpochMilli(clock.millis());
  }

  private static Lease map(Row row) throws SQLException {
    return new Lease(
        row.string("project"),
        row.string("resource"),
        row.string("holder"),
        row.longValue("fencing_token"),
        row.instant("acquired_at"),
        row.instant("renewed_at"),
        row.instant("expires_at"));
  }
}
