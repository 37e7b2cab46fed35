package io.kxm.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import io.kxm.store.PoolStats;
import io.kxm.store.PostgresLocation;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Migrator;
import io.kxm.store.jdbc.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * One PostgreSQL database of the product, the hub's store or a runtime store: a HikariCP pool on
 * one schema, brought to the newest schema by Flyway (a copy of the tables is made first when an
 * older schema is migrated), and transactions handed out as {@link Jdbc}. Each write is its own
 * transaction; PostgreSQL's row locks order concurrent writers, so no writer thread is needed, and
 * a write that lost a deadlock or a serialization check runs again.
 */
public final class PostgresDatabase implements AutoCloseable {
  private static final int ATTEMPTS = 3;

  private final HikariDataSource pool;
  private final MigrationReport migration;
  private final String schema;
  private final String name;

  private PostgresDatabase(
      HikariDataSource pool, MigrationReport migration, String schema, String name) {
    this.pool = pool;
    this.migration = migration;
    this.schema = schema;
    this.name = name;
  }

  /**
   * Opens the database and migrates its schema.
   *
   * @param migrations the classpath folder of its Flyway migrations, such as {@code
   *     db/runtime-pg/sessions}
   * @param name how messages name the store, without credentials
   * @param poolName the pool's name, shown in thread names and pool metrics
   */
  public static PostgresDatabase open(
      PostgresLocation location,
      String migrations,
      String name,
      String poolName,
      int poolSize,
      Clock clock) {
    HikariDataSource pool = pool(location, poolSize, name, poolName);
    try {
      MigrationReport migration =
          Migrator.migrateSchema(
              pool,
              migrations,
              location.schema(),
              name,
              version ->
                  PostgresBackup.copy(pool, location.schemaOrPublic(), version, name, clock));
      return new PostgresDatabase(pool, migration, location.schemaOrPublic(), name);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  public MigrationReport migration() {
    return migration;
  }

  /** The schema holding this database's tables. */
  public String schema() {
    return schema;
  }

  public String name() {
    return name;
  }

  /** The pool, for code that must hold one connection across statements (advisory locks). */
  public DataSource dataSource() {
    return pool;
  }

  /** Runs {@code work} in a write transaction, again when it lost to a concurrent writer. */
  public <T> T write(Function<Jdbc, T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return inTransaction(work, false);
      } catch (KxmException e) {
        // A deadlock or serialization failure rolled everything back; running again is safe.
        if (attempt == ATTEMPTS || !SqlErrors.retryable(e.getCause())) {
          throw e;
        }
      }
    }
  }

  /** Runs {@code work} in a read-only transaction that sees one snapshot. */
  public <T> T read(Function<Jdbc, T> work) {
    return inTransaction(work, true);
  }

  private <T> T inTransaction(Function<Jdbc, T> work, boolean readOnly) {
    if (pool.isClosed()) {
      throw new KxmException(ErrorCode.STORE_UNAVAILABLE, "the store " + name + " is closed");
    }
    try (Connection connection = pool.getConnection()) {
      connection.setAutoCommit(false);
      if (readOnly) {
        // one snapshot for every statement of the read; the pool resets both on return
        connection.setReadOnly(true);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      }
      try {
        T result = work.apply(new Jdbc(connection, Dialect.POSTGRES, name));
        connection.commit();
        return result;
      } catch (RuntimeException | Error e) {
        rollbackQuietly(connection);
        throw e;
      } catch (SQLException e) {
        rollbackQuietly(connection);
        throw e;
      }
    } catch (SQLException e) {
      throw SqlErrors.translate(e, name, readOnly ? "read" : "commit a write");
    }
  }

  private static void rollbackQuietly(Connection connection) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      // the connection is broken; the pool discards it and the first failure is reported
    }
  }

  private static HikariDataSource pool(
      PostgresLocation location, int size, String name, String poolName) {
    HikariConfig config = new HikariConfig();
    config.setPoolName(poolName);
    config.setJdbcUrl(location.jdbcUrl());
    config.setUsername(location.user());
    config.setPassword(location.password());
    config.setSchema(location.schema());
    config.setMaximumPoolSize(size);
    config.setMinimumIdle(Math.min(2, size));
    config.setConnectionTimeout(5_000);
    config.setInitializationFailTimeout(1_000); // fail fast at start; the caller reports it
    try {
      return new HikariDataSource(config);
    } catch (RuntimeException e) {
      if (e.getCause() instanceof SQLException sql) {
        KxmException failed = SqlErrors.translate(sql, name, "connect");
        // At start nothing retries: "unavailable" (the hub retries by itself) would mislead.
        throw failed.code() == ErrorCode.STORE_UNAVAILABLE
            ? new KxmException(ErrorCode.STORE_UNREACHABLE, failed.getMessage(), e)
            : failed;
      }
      throw e;
    }
  }

  public PoolStats poolStats() {
    var bean = pool.getHikariPoolMXBean();
    if (bean == null) {
      return new PoolStats(0, 0, 0, -1);
    }
    return new PoolStats(
        bean.getTotalConnections(),
        bean.getIdleConnections(),
        bean.getThreadsAwaitingConnection(),
        -1);
  }

  @Override
  public void close() {
    pool.close();
  }
}
