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
  /**
   * One writer transaction at a time per node. Measured with 16 agents sending to one recipient:
   * with several, each open transaction held a few sends and waited on the recipient's sequence row
   * locked by another (3 writers: 228 sends/s, 8: 283); with one, every send waiting shares the
   * transaction and the lock (381 sends/s). What is left is the statements of each send, run one
   * after another in the writer.
   */
  private static final int WRITERS = 1;

  private final PostgresDatabase database;
  private final GroupCommitWriter writer;

  private PostgresStore(
      MigrationReport migration, Clock clock, String name, PostgresDatabase database) {
    super(Dialect.POSTGRES, migration, clock, name);
    this.database = database;
    this.writer =
        new GroupCommitWriter(
            new PostgresWriteBatches(database.dataSource(), name), name, "kxm-pg-writer", WRITERS);
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
