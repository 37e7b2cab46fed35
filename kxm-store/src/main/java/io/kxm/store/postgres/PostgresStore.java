package io.kxm.store.postgres;

import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import io.kxm.store.PoolStats;
import io.kxm.store.StoreConfig;
import io.kxm.store.jdbc.BaseStore;
import io.kxm.store.jdbc.GroupCommitWriter;
import io.kxm.store.jdbc.Jdbc;
import java.time.Clock;
import java.util.function.Function;

/** The hub's store shared by several hub nodes: its tables in one {@link PostgresDatabase}. */
public final class PostgresStore extends BaseStore {
  private final PostgresDatabase database;
  private final GroupCommitWriter writer;

  private PostgresStore(
      MigrationReport migration, Clock clock, String name, PostgresDatabase database) {
    super(Dialect.POSTGRES, migration, clock, name);
    this.database = database;
    this.writer =
        new GroupCommitWriter(
            new PostgresWriteBatches(database.dataSource(), name),
            name,
            "kxm-pg-writer",
            writersFor(database.poolSize()));
  }

  /**
   * Writers share the pool with reads, so they take a third of it: enough open transactions to keep
   * the database busy, few enough that each batch gathers the writes waiting meanwhile.
   */
  static int writersFor(int poolSize) {
    return Math.clamp(poolSize / 3, 1, 4);
  }

  public static PostgresStore open(StoreConfig config, Clock clock) {
    String name = config.describe();
    PostgresDatabase database =
        PostgresDatabase.open(
            config.postgres(),
            "db/migration/" + Dialect.POSTGRES.folder(),
            name,
            "kxm-store",
            config.poolSize(),
            clock);
    return new PostgresStore(database.migration(), clock, name, database);
  }

  @Override
  protected <T> T writeWith(Function<Jdbc, T> work) {
    return writer.submit(work);
  }

  @Override
  protected <T> T readWith(Function<Jdbc, T> work) {
    return database.read(work);
  }

  @Override
  public PoolStats poolStats() {
    PoolStats pool = database.poolStats();
    return new PoolStats(
        pool.connections(), pool.idle(), pool.pending() + writer.waiting(), writer.batches());
  }

  @Override
  public void close() {
    writer.close();
    database.close();
  }
}
