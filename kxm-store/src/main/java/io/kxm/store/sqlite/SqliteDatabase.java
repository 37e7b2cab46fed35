package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.jdbc.SqlErrors;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One SQLite file of the runtime (run events, sessions, knowledge, the machine registry), opened
 * with the same file checks and connection settings as the hub's store: links refused, an
 * owner-only file in a private folder, write-ahead log, {@code synchronous=NORMAL}, a busy timeout
 * and foreign keys. Its schema comes from a {@link SqliteSchema}.
 */
public final class SqliteDatabase {
  private static final String FLYWAY_HISTORY = "flyway_schema_history";
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

  /**
   * Looks at an existing file without changing it: the file checks, then on a read-only connection
   * {@code PRAGMA integrity_check}, the schema markers and the rows of every table. It creates
   * nothing and migrates nothing, so a file written by newer code can be looked at too.
   */
  public SqliteInspection inspect() {
    SqliteFiles.requireReadable(file);
    Connection c = reader();
    try (c) {
      return new SqliteInspection(
          integrity(c), SqliteSchema.userVersion(c), flywayVersion(c), rowCounts(c));
    } catch (SQLException e) {
      throw failure(e, "inspect the file");
    }
  }

  /**
   * Writes a consistent copy of the file to {@code target} (which must not exist) with {@code
   * VACUUM INTO}, while other connections keep reading and writing it: the copy is one read
   * transaction's view, committed write-ahead log included, and is made owner-only.
   */
  public void snapshotTo(Path target) {
    SqliteFiles.requireReadable(file);
    Connection c = reader();
    try (c;
        PreparedStatement s = c.prepareStatement("VACUUM INTO ?")) {
      s.setString(1, target.toAbsolutePath().toString());
      s.execute();
    } catch (SQLException e) {
      throw failure(e, "copy the file to " + target);
    }
    SqliteBackup.ownerOnly(target);
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

  private static String integrity(Connection c) throws SQLException {
    List<String> problems = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA integrity_check(20)")) {
      while (rs.next()) {
        problems.add(rs.getString(1));
      }
    }
    return problems.isEmpty() ? "no answer" : String.join("; ", problems);
  }

  private static Optional<Integer> flywayVersion(Connection c) throws SQLException {
    if (!tables(c).contains(FLYWAY_HISTORY)) {
      return Optional.empty();
    }
    Optional<Integer> newest = Optional.empty();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT version FROM "
                    + FLYWAY_HISTORY
                    + " WHERE success = 1 AND version IS NOT NULL")) {
      while (rs.next()) {
        Integer version = wholeNumber(rs.getString(1));
        if (version != null && (newest.isEmpty() || version > newest.get())) {
          newest = Optional.of(version);
        }
      }
    }
    return newest;
  }

  private static Integer wholeNumber(String version) {
    try {
      return Integer.valueOf(version);
    } catch (NumberFormatException e) {
      return null; // KXM numbers its migrations V1, V2...; a dotted version is not one of ours
    }
  }

  private static Map<String, Long> rowCounts(Connection c) throws SQLException {
    Map<String, Long> counts = new TreeMap<>();
    for (String table : tables(c)) {
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT count(*) FROM \"" + table.replace("\"", "\"\"") + "\"")) {
        counts.put(table, rs.next() ? rs.getLong(1) : 0L);
      }
    }
    return counts;
  }

  private static List<String> tables(Connection c) throws SQLException {
    List<String> names = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                    + " ORDER BY name")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }

  private Connection open(boolean writer, Duration busyTimeout) {
    try {
      return SqliteConnections.connect(file, writer, Math.toIntExact(busyTimeout.toMillis()));
    } catch (SQLException e) {
      throw failure(e, "open a connection");
    }
  }
}
