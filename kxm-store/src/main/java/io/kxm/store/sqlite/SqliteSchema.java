package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.MigrationReport;
import io.kxm.store.jdbc.Migrator;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The schema of one kind of runtime SQLite file: Flyway migrations under {@code location}, one
 * location per kind of file.
 *
 * <p>Builds before Flyway kept a hand-numbered schema version in SQLite's {@code user_version} (up
 * to {@code handNewest}). Such a file is backed up, baselined at its version and migrated forward.
 * After every migration {@code user_version} is set to {@link #marker()}, {@value #MARKER_BASE}
 * plus the newest version: the older builds refuse a {@code user_version} above their own as
 * written by newer code, instead of misreading the file, and an open that finds the marker current
 * skips Flyway altogether, which keeps short commands fast.
 *
 * @param kind how messages name the file, such as {@code "runtime store"}
 * @param location the classpath folder of the migrations, such as {@code db/runtime/events}
 * @param newest the newest migration's version in {@code location}
 * @param handNewest the newest hand-numbered version the builds before Flyway wrote
 * @param newer the code that refuses a file written by newer code
 * @param shapeInvalid the code that refuses a file with tables but no schema version
 */
public record SqliteSchema(
    String kind,
    String location,
    int newest,
    int handNewest,
    ErrorCode newer,
    ErrorCode shapeInvalid) {
  public static final int MARKER_BASE = 1000;
  private static final String HISTORY = "flyway_schema_history";

  /** The {@code user_version} of a file at the newest schema. */
  public int marker() {
    return MARKER_BASE + newest;
  }

  /**
   * Whether a file at {@code userVersion} has the newest tables without migrating: the marker, or a
   * hand-numbered file whose schema is already the newest.
   */
  public boolean current(int userVersion) {
    return userVersion == marker() || (userVersion == handNewest && handNewest == newest);
  }

  /** The file's {@code user_version}. */
  public static int userVersion(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA user_version")) {
      return rs.next() ? rs.getInt(1) : 0;
    }
  }

  /**
   * Brings {@code db} to the newest schema, on {@code c}, a writer connection to it. A file at the
   * newest schema costs one {@code PRAGMA}; otherwise two openers, threads or processes, take
   * turns, and the second finds the work done.
   */
  public void ensure(SqliteDatabase db, Connection c) {
    try {
      int found = userVersion(c);
      if (found == marker()) {
        return;
      }
      refuseNewer(db, found);
      try (MigrationLock lock = MigrationLock.take(db)) {
        migrateLocked(db, c);
      }
    } catch (SQLException e) {
      throw db.failure(e, "read the schema version");
    }
  }

  private void migrateLocked(SqliteDatabase db, Connection c) throws SQLException {
    int found = userVersion(c);
    if (found == marker()) {
      return; // another opener migrated while this one waited for the lock
    }
    refuseNewer(db, found);
    boolean history = hasTable(c, HISTORY);
    Integer baseline = null;
    if (found > 0 && found <= handNewest && !history) {
      // Made before Flyway: keep a copy, then record its version as applied.
      SqliteBackup.copy(db.file(), Integer.toString(found), db.store());
      baseline = found;
    } else if (found == 0 && !history && hasTable(c, null)) {
      throw new KxmException(
          shapeInvalid, "the " + kind + " " + db.file() + " has tables but no schema version");
    }
    MigrationReport report =
        Migrator.migrate(
            SqliteConnections.migrationSource(db.file()),
            location,
            baseline,
            db.store(),
            version -> SqliteBackup.copy(db.file(), version, db.store()));
    if (!report.to().equals(Integer.toString(newest))) {
      throw new IllegalStateException(
          location + " holds migrations up to " + report.to() + ", not " + newest);
    }
    try (Statement s = c.createStatement()) {
      s.execute("PRAGMA user_version = " + marker());
    }
  }

  private void refuseNewer(SqliteDatabase db, int found) {
    boolean newerHand = found > handNewest && found <= MARKER_BASE;
    if (found > marker() || newerHand) {
      int shown = found > MARKER_BASE ? found - MARKER_BASE : found;
      throw new KxmException(
          newer,
          "the "
              + kind
              + " "
              + db.file()
              + " has schema version "
              + shown
              + "; this build reads up to "
              + newest);
    }
  }

  /** Whether the table {@code name} exists, or with null whether any table does. */
  private static boolean hasTable(Connection c, String name) throws SQLException {
    String sql =
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
            + (name == null ? "" : " AND name = '" + name + "'");
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      return rs.next() && rs.getInt(1) > 0;
    }
  }
}
