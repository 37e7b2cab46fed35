package io.kxm.store.sqlite;

import io.kxm.core.retry.Backoff;
import io.kxm.store.jdbc.SqlErrors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * Opens SQLite connections with the settings every KXM store uses: write-ahead log, {@code
 * synchronous=NORMAL} (durable at checkpoints, safe against corruption), a 5 s busy timeout and
 * foreign keys on. SQLite's own no-follow flag refuses a symbolic link at open time too, which
 * closes the gap between {@link SqliteFiles}' check and the open.
 */
final class SqliteConnections {
  static final int BUSY_TIMEOUT_MS = 5_000;
  private static final int READONLY = 0x1;
  private static final int READWRITE = 0x2;
  private static final int CREATE = 0x4;
  private static final int NOFOLLOW = 0x0100_0000;

  private static final Backoff OPEN_RETRY =
      new Backoff(Duration.ofMillis(5), Duration.ofMillis(200));

  private SqliteConnections() {}

  /** A connection that may write; only the group-commit writer and migrations use one. */
  static Connection writer(Path db, String store) {
    return open(config(true), db, store);
  }

  /** A read-only connection for the reader pool. */
  static Connection reader(Path db, String store) {
    return open(config(false), db, store);
  }

  /** For Flyway, which opens connections of its own. */
  static SQLiteDataSource migrationSource(Path db) {
    SQLiteDataSource source = new SQLiteDataSource(config(true));
    source.setUrl(url(db));
    return source;
  }

  private static Connection open(SQLiteConfig config, Path db, String store) {
    try {
      return connectWaitingOutBusy(config, db, BUSY_TIMEOUT_MS);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, "open a connection");
    }
  }

  /**
   * For callers that translate the failure themselves: the runtime's files, see {@link
   * SqliteDatabase}.
   */
  static Connection connect(Path db, boolean writer, int busyTimeoutMs) throws SQLException {
    SQLiteConfig config = config(writer);
    config.setBusyTimeout(busyTimeoutMs);
    return connectWaitingOutBusy(config, db, busyTimeoutMs);
  }

  /**
   * Opening a writer switches the file to WAL, and that switch needs the file to itself without
   * waiting on the busy timeout: an open that meets another opener's switch or migration fails at
   * once with {@code SQLITE_BUSY}. Such an open tries again, for as long as the busy timeout would
   * have waited.
   */
  private static Connection connectWaitingOutBusy(SQLiteConfig config, Path db, int busyTimeoutMs)
      throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(busyTimeoutMs);
    for (int failures = 1; ; failures++) {
      try {
        return config.createConnection(url(db));
      } catch (SQLException e) {
        if (!String.valueOf(e.getMessage()).contains("SQLITE_BUSY")
            || System.nanoTime() > deadline) {
          throw e;
        }
        try {
          Thread.sleep(OPEN_RETRY.pause(failures));
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private static SQLiteConfig config(boolean writer) {
    Properties properties = new Properties();
    int mode = writer ? READWRITE | CREATE | NOFOLLOW : READONLY | NOFOLLOW;
    properties.setProperty("open_mode", Integer.toString(mode));
    SQLiteConfig config = new SQLiteConfig(properties);
    if (writer) {
      // Persistent in the file; a read-only connection cannot switch it and need not.
      config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    }
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.setBusyTimeout(BUSY_TIMEOUT_MS);
    config.enforceForeignKeys(true);
    return config;
  }

  private static String url(Path db) {
    return "jdbc:sqlite:" + db;
  }
}
