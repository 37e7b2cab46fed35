package io.kxm.knowledge;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.search.SqliteTextIndex;
import io.kxm.core.search.TextIndex;
import io.kxm.runtime.store.Schema;
import io.kxm.runtime.store.Sqlite;
import io.kxm.runtime.store.StoreFiles;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;
import org.sqlite.SQLiteConfig;

/**
 * The knowledge database in one SQLite file (created 0600, links refused, WAL, schema versioned in
 * {@code user_version}) holding entries, forum rounds and the full-text index over entries. Other
 * features keep their own tables in the same file, created with {@code CREATE TABLE IF NOT EXISTS}
 * inside {@link #write}.
 *
 * <p>Writes are serialized on one connection and start as {@code BEGIN IMMEDIATE}, so a write that
 * reads first never loses its snapshot to another process (the forum MCP server writes the same
 * file). Reads use a connection of their own and never wait for a write.
 */
public final class KnowledgeDatabase implements KnowledgeStore {
  private static final TextIndex TEXT_INDEX = new SqliteTextIndex();

  static final Schema SCHEMA =
      new Schema("knowledge database", 1, KnowledgeDatabase.class, "knowledge-v1.sql");

  private static final int READWRITE = 0x2;
  private static final int CREATE = 0x4;
  // SQLITE_OPEN_NOFOLLOW: refuse a link at open time too, closing the gap after StoreFiles' check.
  private static final int NOFOLLOW = 0x0100_0000;

  private final Path file;
  private final Clock clock;
  private final Connection writer;
  private final Connection reader;
  private final ReentrantLock writeLock = new ReentrantLock();
  private final ReentrantLock readLock = new ReentrantLock();
  private final TextIndex textIndex;
  private final String databaseId;

  private KnowledgeDatabase(
      Path file, Clock clock, Connection writer, Connection reader, String databaseId) {
    this.file = file;
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
    StoreFiles.prepare(absolute);
    Connection writer = connect(absolute);
    Connection reader = null;
    try {
      SCHEMA.ensureOn(writer, absolute.toString());
      String databaseId = prepare(writer, clock);
      reader = connect(absolute);
      return new KnowledgeDatabase(absolute, clock, writer, reader, databaseId);
    } catch (SQLException e) {
      closeQuietly(writer, reader);
      throw Sqlite.translate(e, absolute, "open the knowledge database");
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
      throw Sqlite.translate(e, file, what);
    }
  }

  private static String prepare(Connection c, Clock clock) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String ddl : TEXT_INDEX.schema()) {
        s.execute(ddl);
      }
    }
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT OR IGNORE INTO knowledge_meta (key, value) VALUES ('database_id', ?)")) {
      insert.setString(1, Ids.next("kdb", clock));
      insert.executeUpdate();
    }
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT value FROM knowledge_meta WHERE key = 'database_id'")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static Connection connect(Path db) {
    Properties properties = new Properties();
    properties.setProperty("open_mode", Integer.toString(READWRITE | CREATE | NOFOLLOW));
    SQLiteConfig config = new SQLiteConfig(properties);
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.setBusyTimeout(10_000);
    config.enforceForeignKeys(true);
    try {
      return config.createConnection("jdbc:sqlite:" + db);
    } catch (SQLException e) {
      throw Sqlite.translate(e, db, "open the knowledge database");
    }
  }

  private static void closeQuietly(Connection... connections) {
    for (Connection c : connections) {
      if (c != null) {
        Sqlite.closeQuietly(c);
      }
    }
  }
}
