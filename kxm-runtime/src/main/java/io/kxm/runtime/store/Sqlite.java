package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.sqlite.SQLiteConfig;

/**
 * Opens the event store with the settings every KXM SQLite store uses, and is the one place a
 * {@link SQLException} becomes a {@link KxmException}.
 */
public final class Sqlite {
  private static final int READWRITE = 0x2;
  private static final int CREATE = 0x4;
  // SQLITE_OPEN_NOFOLLOW: refuse a link at open time too, closing the gap after StoreFiles' check.
  private static final int NOFOLLOW = 0x0100_0000;

  private Sqlite() {}

  public static Connection open(Path db) {
    Properties properties = new Properties();
    properties.setProperty("open_mode", Integer.toString(READWRITE | CREATE | NOFOLLOW));
    SQLiteConfig config = new SQLiteConfig(properties);
    config.setJournalMode(SQLiteConfig.JournalMode.WAL);
    config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
    config.setBusyTimeout(5_000);
    config.enforceForeignKeys(true);
    try {
      return config.createConnection("jdbc:sqlite:" + db);
    } catch (SQLException e) {
      throw translate(e, db, "open the store");
    }
  }

  public static KxmException translate(SQLException e, Path db, String what) {
    String message = "runtime store " + db + ": cannot " + what + ": " + e.getMessage();
    String text = String.valueOf(e.getMessage());
    if (text.contains("SQLITE_FULL")) {
      return new KxmException(ErrorCode.STORE_FULL, message, e);
    }
    if (text.contains("SQLITE_CORRUPT") || text.contains("SQLITE_NOTADB")) {
      return new KxmException(ErrorCode.STORE_CORRUPT, message, e);
    }
    return new KxmException(ErrorCode.RUNTIME_STORE_FAILED, message, e);
  }

  public static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // Closing after a failure; the first error is the one worth reporting.
    }
  }
}
