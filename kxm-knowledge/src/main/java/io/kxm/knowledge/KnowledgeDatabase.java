package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.search.SqliteTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The knowledge database: one SQLite file (created 0600, links refused, WAL, schema migrated by
 * Flyway from {@code db/runtime/knowledge}) holding entries, forum rounds, the evolve loop's tables
 * and the full-text index over entries.
 *
 * <p>Writes are serialized on one connection and start as {@code BEGIN IMMEDIATE}, so a write that
 * reads first never loses its snapshot to another process (the forum MCP server writes the same
 * file). Reads use a connection of their own and never wait for a write.
 */
public final class KnowledgeDatabase implements KnowledgeStore {
  private static final TextIndex TEXT_INDEX = new SqliteTextIndex();

  /** Version 1 holds entries and forum rounds, version 2 the evolve loop's tables. */
  public static final SqliteSchema SCHEMA =
      new SqliteSchema(
          "knowledge database",
          "db/runtime/knowledge",
          2,
          1,
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID);

  // Several processes write the file (each agent's forum server and the orchestrator).
  private static final Duration BUSY_TIMEOUT = Duration.ofSeconds(10);

  private final Path file;
  private final SqliteDatabase database;
  private final Clock clock;
  private final Connection writer;
  private final Connection reader;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final ReentrantLock readLock = new ReentrantLock();
  private final TextIndex textIndex;
  private final String databaseId;

  private KnowledgeDatabase(
      SqliteDatabase database,
      Clock clock,
      Connection writer,
      Connection reader,
      String databaseId) {
    this.file = database.file();
    this.database = database;
    this.clock = clock;
    this.writer = writer;
    this.reader = reader;
    this.textIndex = TEXT_INDEX;
    this.databaseId = databaseId;
  }

  /** Opens or creates the database at {@code file}, with the system clock. */
  public static KnowledgeDatabase open(Path file) {
    return open(file, Clock.systemUTC());
  }

  /** Opens or creates the database at {@code file}; {@code clock} stamps ids and entries. */
  public static KnowledgeDatabase open(Path file, Clock clock) {
    Path absolute = file.toAbsolutePath().normalize();
    SqliteDatabase database = SqliteDatabase.runtime(absolute, "knowledge database").prepare();
    Connection writer = database.writer(BUSY_TIMEOUT);
    Connection reader = null;
    try {
      SCHEMA.ensure(database, writer);
      String databaseId = KnowledgeMeta.prepare(writer, TEXT_INDEX, clock);
      reader = database.writer(BUSY_TIMEOUT);
      return new KnowledgeDatabase(database, clock, writer, reader, databaseId);
    } catch (SQLException e) {
      closeQuietly(writer, reader);
      throw database.failure(e, "open the knowledge database");
    } catch (RuntimeException e) {
      closeQuietly(writer, reader);
      throw e;
    }
  }

  @Override
  public <T> T read(SqlWork<T> work) {
    readLock.lock();
    try {
      return inTransaction(reader, "BEGIN", work, "read the knowledge database");
    } finally {
      readLock.unlock();
    }
  }

  /** Writes of this process run one at a time; other processes wait on {@code BEGIN IMMEDIATE}. */
  @Override
  public <T> T write(SqlWork<T> work) {
    writeLock.lock();
    try {
      return inTransaction(writer, "BEGIN IMMEDIATE", work, "write the knowledge database");
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public TextIndex textIndex() {
    return textIndex;
  }

  @Override
  public String databaseId() {
    return databaseId;
  }

  @Override
  public Path file() {
    return file;
  }

  @Override
  public String location() {
    return file.toString();
  }

  @Override
  public Clock clock() {
    return clock;
  }

  @Override
  public void close() {
    writeLock.lock();
    readLock.lock();
    try {
      closeQuietly(writer, reader);
    } finally {
      readLock.unlock();
      writeLock.unlock();
    }
  }

  private <T> T inTransaction(Connection c, String begin, SqlWork<T> work, String what) {
    try {
      if (c.isClosed()) {
        throw new KxmException(
            ErrorCode.RUNTIME_STORE_FAILED, "the knowledge database " + file + " is closed");
      }
      try (Statement s = c.createStatement()) {
        s.execute(begin);
      }
      try {
        T result = work.run(c);
        try (Statement s = c.createStatement()) {
          s.execute("COMMIT");
        }
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        try (Statement s = c.createStatement()) {
          s.execute("ROLLBACK");
        } catch (SQLException rollback) {
          e.addSuppressed(rollback);
        }
        throw e;
      }
    } catch (SQLException e) {
      throw database.failure(e, what);
    }
  }

  private static void closeQuietly(Connection... connections) {
    for (Connection c : connections) {
      SqliteDatabase.closeQuietly(c);
    }
  }
}
