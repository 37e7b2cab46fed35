package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.jdbc.SqlErrors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;

/**
 * One SQLite file of the runtime (run events, sessions, knowledge, the machine registry), opened
 * with the same file checks and connection settings as the hub's store: links refused, an
 * owner-only file in a private folder, write-ahead log, {@code synchronous=NORMAL}, a busy timeout
 * and foreign keys. Its schema comes from a {@link SqliteSchema}.
 */
public final class SqliteDatabase {
  private final Path file;
  private final String store;
  private final ErrorCode failure;

  /**
   * @param store how messages name the file, such as {@code "runtime store /x/events.db"}
   * @param failure the code of a failure that is neither a full disk nor a damaged file
   */
  public SqliteDatabase(Path file, String store, ErrorCode failure) {
    this.file = file.toAbsolutePath().normalize();
    this.store = store;
    this.failure = failure;
  }

  /** A runtime file whose failures are {@link ErrorCode#RUNTIME_STORE_FAILED}. */
  public static SqliteDatabase runtime(Path file, String kind) {
    return new SqliteDatabase(file, kind + " " + file, ErrorCode.RUNTIME_STORE_FAILED);
  }

  public Path file() {
    return file;
  }

  public String store() {
    return store;
  }

  /**
   * Checks the file, its sidecars and {@code moreSuffixes} (other files next to it that must not be
   * links either), and creates an empty owner-only file when none exists.
   */
  public SqliteDatabase prepare(String... moreSuffixes) {
    SqliteFiles.prepare(file, moreSuffixes);
    return this;
  }

  /** A connection that may write, with the default busy timeout. */
  public Connection writer() {
    return writer(Duration.ofMillis(SqliteConnections.BUSY_TIMEOUT_MS));
  }

  /** A connection that may write, waiting up to {@code busyTimeout} for another writer. */
  public Connection writer(Duration busyTimeout) {
    return open(true, busyTimeout);
  }

  /** A read-only connection: it creates nothing and never changes the file. */
  public Connection reader() {
    return open(false, Duration.ofMillis(SqliteConnections.BUSY_TIMEOUT_MS));
  }

  /** The one translation of a failure on this file, see {@link SqlErrors}. */
  public KxmException failure(SQLException e, String doing) {
    return SqlErrors.translate(e, store, doing, failure);
  }

  /** Closes {@code c} after a failure, when the first error is the one worth reporting. */
  public static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException e) {
      // The first failure is reported; a failed close adds nothing a person could act on.
    }
  }

  private Connection open(boolean writer, Duration busyTimeout) {
    try {
      return SqliteConnections.connect(file, writer, Math.toIntExact(busyTimeout.toMillis()));
    } catch (SQLException e) {
      throw failure(e, "open a connection");
    }
  }
}
