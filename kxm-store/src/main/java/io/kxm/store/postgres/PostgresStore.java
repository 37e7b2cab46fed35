package io.kxm.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import io.kxm.store.PoolStats;
import io.kxm.store.PostgresLocation;
import io.kxm.store.StoreConfig;
import io.kxm.store.jdbc.BaseStore;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Migrator;
import io.kxm.store.jdbc.SqlErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.function.Function;

/**
 * The shared store for several hub nodes: PostgreSQL through a HikariCP pool. Each write is its own
 * transaction; PostgreSQL's row locks order concurrent writers, so no writer thread is needed.
 */
public final class PostgresStore extends BaseStore {
  private static final int ATTEMPTS = 3;

  private final HikariDataSource pool;

  private PostgresStore(
      MigrationReport migration, Clock clock, String name, HikariDataSource pool) {
    super(Dialect.POSTGRES, migration, clock, name);
    this.pool = pool;
  }

  public static PostgresStore open(StoreConfig config, Clock clock) {
    PostgresLocation location = config.postgres();
    String name = config.describe();
    HikariDataSource pool = pool(location, config.poolSize(), name);
    try {
      MigrationReport migration =
          Migrator.migrate(
              pool,
              Dialect.POSTGRES,
              location.schema(),
              name,
              version ->
                  PostgresBackup.copy(pool, location.schemaOrPublic(), version, name, clock));
      return new PostgresStore(migration, clock, name, pool);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  @Override
  protected <T> T writeWith(Function<Jdbc, T> work) {
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

  @Override
  protected <T> T readWith(Function<Jdbc, T> work) {
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

  private static HikariDataSource pool(PostgresLocation location, int size, String name) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("kxm-store");
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

  @Override
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
