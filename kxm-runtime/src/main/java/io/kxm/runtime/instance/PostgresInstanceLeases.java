package io.kxm.runtime.instance;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.store.jdbc.Row;
import io.kxm.store.postgres.PostgresDatabase;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link InstanceLeases} in the schema {@code <prefix>_instances} of the runtime database. Each
 * call is one statement, so PostgreSQL's row locks make a claim atomic: of two survivors claiming
 * the same lapsed instance, the second finds its state already changed and gets nothing.
 */
public final class PostgresInstanceLeases implements InstanceLeases {
  private static final String COLUMNS =
      "instance_id, url, host, pid, started_at, lease_until, state, reconciled_by";

  private final PostgresDatabase database;

  private PostgresInstanceLeases(PostgresDatabase database) {
    this.database = database;
  }

  public static PostgresInstanceLeases open(RuntimeDatabase runtime, Clock clock) {
    return new PostgresInstanceLeases(
        PostgresDatabase.open(
            runtime.schemaFor("instances"),
            "db/runtime-pg/instances",
            "runtime instances " + runtime.schemaFor("instances").schemaOrPublic(),
            "kxm-runtime-instances",
            2,
            clock));
  }

  @Override
  public RuntimeInstance join(
      String instanceId, String url, String host, long pid, Instant now, Duration ttl) {
    return database.write(jdbc ->
        jdbc.about("record runtime instance " + instanceId)
            .first(
                "INSERT INTO runtime_instances (instance_id, url, host, pid, started_at,"
                    + " lease_until, state) VALUES (?, ?, ?, ?, ?, ?, 'live') RETURNING "
                    + COLUMNS,
                PostgresInstanceLeases::instance,
                instanceId,
                url,
                host,
                pid,
                now,
                now.plus(ttl))
            .orElseThrow());
  }

  @Override
  public void announce(String instanceId, String url) {
    database.write(jdbc ->
        jdbc.about("record the URL of runtime instance " + instanceId)
            .update("UPDATE runtime_instances SET url = ? WHERE instance_id = ?", url, instanceId));
  }

  @Override
  public boolean renew(String instanceId, Instant now, Duration ttl) {
    return database.write(jdbc ->
        jdbc.about("renew the lease of runtime instance " + instanceId)
            .update(
                "UPDATE runtime_instances SET lease_until = ? WHERE instance_id = ? AND"
                    + " state = 'live'",
                now.plus(ttl),
                instanceId))
        == 1;
  }

  @Override
  public void leave(String instanceId, Instant now) {
    database.write(jdbc ->
        jdbc.about("end the lease of runtime instance " + instanceId)
            .update(
                "UPDATE runtime_instances SET state = 'left', lease_until = ?, ended_at = ?"
                    + " WHERE instance_id = ? AND state = 'live'",
                now,
                now,
                instanceId));
  }

  @Override
  public Optional<RuntimeInstance> instance(String instanceId) {
    return database.read(jdbc ->
        jdbc.first(
            "SELECT " + COLUMNS + " FROM runtime_instances WHERE instance_id = ?",
            PostgresInstanceLeases::instance,
            instanceId));
  }

  @Override
  public List<RuntimeInstance> live(Instant now) {
    return database.read(jdbc ->
        jdbc.list(
            "SELECT "
                + COLUMNS
                + " FROM runtime_instances WHERE state = 'live' AND lease_until > ?"
                + " ORDER BY started_at, instance_id",
            PostgresInstanceLeases::instance,
            now));
  }

  @Override
  public List<RuntimeInstance> claimLapsed(String survivor, Instant now) {
    if (instance(survivor).filter(i -> i.holdsAt(now)).isEmpty()) {
      // an instance that lost its own lease must not end anyone else's runs
      throw new KxmException(
          ErrorCode.INSTANCE_LEASE_LOST,
          "runtime instance " + survivor + " holds no lease, so it may not reconcile others");
    }
    return database.write(jdbc ->
        jdbc.about("claim lapsed runtime instances for " + survivor)
            .list(
                "UPDATE runtime_instances SET state = 'reconciled', reconciled_by = ?,"
                    + " ended_at = ? WHERE state = 'live' AND lease_until <= ? AND"
                    + " instance_id <> ? RETURNING "
                    + COLUMNS,
                PostgresInstanceLeases::instance,
                survivor,
                now,
                now,
                survivor));
  }

  private static RuntimeInstance instance(Row row) throws SQLException {
    return new RuntimeInstance(
        row.string("instance_id"),
        row.string("url"),
        row.string("host"),
        row.longValue("pid"),
        row.instant("started_at"),
        row.instant("lease_until"),
        row.string("state"),
        Optional.ofNullable(row.string("reconciled_by")));
  }

  @Override
  public void close() {
    database.close();
  }
}
