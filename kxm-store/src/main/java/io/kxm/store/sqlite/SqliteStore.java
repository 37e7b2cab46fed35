package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import io.kxm.store.MigrationReport;
import io.kxm.store.PoolStats;
import io.kxm.store.StoreConfig;
import io.kxm.store.jdbc.BaseStore;
import io.kxm.store.jdbc.GroupCommitWriter;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.jdbc.Migrator;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The embedded store: one SQLite file, one writer with group commit, a few readers.
 *
 * <p>Opening checks the file (see {@link SqliteFiles}), migrates the schema (backing up an older
 * store first), then starts the writer and the readers.
 */
public final class SqliteStore extends BaseStore {
  private final GroupCommitWriter writer;
  private final ReadPool readers;

  private SqliteStore(
      MigrationReport migration,
      Clock clock,
      String name,
      GroupCommitWriter writer,
      ReadPool readers) {
    super(Dialect.SQLITE, migration, clock, name);
    this.writer = writer;
    this.readers = readers;
  }

  public static SqliteStore open(StoreConfig config, Clock clock) {
    Path db = config.sqlitePath();
    String name = config.describe();
    SqliteFiles.prepare(db);
    MigrationReport migration =
        Migrator.migrate(
            SqliteConnections.migrationSource(db),
            Dialect.SQLITE,
            null,
            name,
            version -> SqliteBackup.copy(db, version, name));
    SqliteFiles.refuseSymlinks(db); // the sidecars exist now; check them once more
    GroupCommitWriter writer =
        new GroupCommitWriter(
            WriteBatch.on(new WriterConnection(SqliteConnections.writer(db, name), name)),
            name,
            "kxm-sqlite-writer",
            1);
    try {
      ReadPool readers =
          new ReadPool(() -> SqliteConnections.reader(db, name), config.poolSize(), name);
      return new SqliteStore(migration, clock, name, writer, readers);
    } catch (RuntimeException e) {
      writer.close();
      throw e;
    }
  }

  @Override
  protected <T> T writeWith(Function<Jdbc, T> work) {
    return writer.submit(work);
  }

  @Override
  protected <T> T readWith(Function<Jdbc, T> work) {
    return readers.read(work);
  }

  @Override
  public void checkReady() {
    if (!writer.running()) {
      throw new KxmException(ErrorCode.STORE_UNAVAILABLE, "the writer of " + name + " stopped");
    }
    super.checkReady();
  }

  /** The connection settings as SQLite reports them, from the writer or from a reader. */
  Map<String, String> pragmas(boolean fromWriter) {
    Function<Jdbc, Map<String, String>> query =
        jdbc -> {
          Map<String, String> values = new LinkedHashMap<>();
          for (String pragma :
              new String[] {"journal_mode", "synchronous", "busy_timeout", "foreign_keys"}) {
            values.put(
                pragma, jdbc.first("PRAGMA " + pragma, row -> row.stringAt(1)).orElseThrow());
          }
          return values;
        };
    return fromWriter ? writeWith(query) : readWith(query);
  }

  @Override
  public PoolStats poolStats() {
    int readersIdle = readers.idleCount();
    return new PoolStats(readers.size() + 1, readersIdle, writer.waiting(), writer.batches());
  }

  GroupCommitWriter writer() {
    return writer;
  }

  @Override
  public void close() {
    // The writer closes last: the last connection to close checkpoints the write-ahead log into
    // the file and removes the sidecars, which a read-only connection cannot do.
    readers.close();
    writer.close();
  }
}
