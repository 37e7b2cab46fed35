package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.jdbc.SqlErrors;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The machine registry, {@code runtime/registry.db}: the supervisor row, the projects it hosts and
 * which project each run belongs to, in SQLite. One connection, used under this object's lock: the
 * supervisor writes rarely, and clients only read the supervisor row.
 */
public final class Registry implements SupervisorRegistry {
  /** Version 1 holds the tables, version 2 adds where clients reach the supervisor. */
  public static final SqliteSchema SCHEMA =
      new SqliteSchema(
          "registry",
          "db/runtime/registry",
          2,
          2,
          ErrorCode.STORE_SCHEMA_NEWER,
          ErrorCode.RUNTIME_REGISTRY_UNUSABLE);

  private final SqliteDatabase database;
  private final Connection db;

  private Registry(SqliteDatabase database, Connection db) {
    this.database = database;
    this.db = db;
  }

  /** Opens the registry, creating it on first use; a newer or foreign schema is refused. */
  public static Registry open(Path file) {
    SqliteDatabase database = database(file).prepare();
    Connection db = database.writer();
    try {
      SCHEMA.ensure(database, db);
    } catch (RuntimeException e) {
      SqliteDatabase.closeQuietly(db);
      throw e;
    }
    return new Registry(database, db);
  }

  /**
   * The supervisor row as a client reads it: on a read-only connection, without creating or
   * migrating anything, and empty while the registry does not exist, is still being created or
   * waits for the supervisor to migrate it.
   */
  public static Optional<SupervisorRow> peek(Path file) {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    SqliteDatabase database = database(file);
    try (Connection db = database.reader()) {
      if (!SCHEMA.current(SqliteSchema.userVersion(db))) {
        return Optional.empty();
      }
      return new Registry(database, db).supervisor();
    } catch (SQLException e) {
      throw database.failure(e, "read the supervisor row");
    }
  }

  private static SqliteDatabase database(Path file) {
    return new SqliteDatabase(file, "registry " + file, ErrorCode.RUNTIME_REGISTRY_UNUSABLE);
  }

  @Override
  public synchronized Optional<SupervisorRow> supervisor() {
    String sql =
        "SELECT runtime_id, pid, port, token_sha256, started_at, heartbeat_at, state, host"
            + " FROM supervisor WHERE id = 1";
    try (PreparedStatement ps = db.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        return Optional.empty();
      }
      return Optional.of(
          new SupervisorRow(
              rs.getString(1),
              rs.getLong(2),
              rs.getInt(3),
              rs.getString(4),
              Instant.parse(rs.getString(5)),
              Instant.parse(rs.getString(6)),
              rs.getString(7),
              rs.getString(8)));
    } catch (SQLException e) {
      throw failed("read the supervisor row", e);
    }
  }

  @Override
  public synchronized void claim(SupervisorRow row) {
    String sql =
        "INSERT OR REPLACE INTO supervisor"
            + " (id, runtime_id, pid, port, token_sha256, started_at, heartbeat_at, state, host)"
            + " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)";
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      ps.setString(1, row.runtimeId());
      ps.setLong(2, row.pid());
      ps.setInt(3, row.port());
      ps.setString(4, row.tokenSha256());
      ps.setString(5, row.startedAt().toString());
      ps.setString(6, row.heartbeatAt().toString());
      ps.setString(7, row.state());
      ps.setString(8, row.host());
      ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("claim the supervisor row", e);
    }
  }

  @Override
  public synchronized boolean beat(String runtimeId, Instant at, String state) {
    String sql =
        "UPDATE supervisor SET heartbeat_at = ?, state = ? WHERE id = 1 AND runtime_id = ?";
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      ps.setString(1, at.toString());
      ps.setString(2, state);
      ps.setString(3, runtimeId);
      return ps.executeUpdate() == 1;
    } catch (SQLException e) {
      throw failed("update the supervisor heartbeat", e);
    }
  }

  @Override
  public synchronized ProjectEntry register(
      Path canonicalRoot, String projectId, String runtimeId, Instant at) {
    String key = ProjectEntry.keyOf(canonicalRoot);
    Optional<ProjectEntry> known = project(key);
    if (known.isPresent()) {
      return known.get();
    }
    String sql =
        "INSERT INTO projects (project_key, project_id, canonical_root, home_runtime,"
            + " registered_at) VALUES (?, ?, ?, ?, ?)";
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      ps.setString(1, key);
      ps.setString(2, projectId);
      ps.setString(3, canonicalRoot.toString());
      ps.setString(4, runtimeId);
      ps.setString(5, at.toString());
      ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("register the project " + canonicalRoot, e);
    }
    return new ProjectEntry(projectId, canonicalRoot, key, runtimeId, at);
  }

  @Override
  public synchronized Optional<ProjectEntry> project(String projectKey) {
    List<ProjectEntry> found = projects("WHERE project_key = ?", projectKey);
    return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
  }

  @Override
  public synchronized List<ProjectEntry> projects() {
    return projects("", null);
  }

  private List<ProjectEntry> projects(String where, String arg) {
    String sql =
        "SELECT project_id, canonical_root, project_key, home_runtime, registered_at FROM projects "
            + where
            + " ORDER BY registered_at, project_key";
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      if (arg != null) {
        ps.setString(1, arg);
      }
      List<ProjectEntry> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(
              new ProjectEntry(
                  rs.getString(1),
                  Path.of(rs.getString(2)),
                  rs.getString(3),
                  rs.getString(4),
                  Instant.parse(rs.getString(5))));
        }
      }
      return out;
    } catch (SQLException e) {
      throw failed("read the projects", e);
    }
  }

  @Override
  public synchronized void recordRun(String runId, String projectKey) {
    String sql = "INSERT OR IGNORE INTO runs (run_id, project_key) VALUES (?, ?)";
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      ps.setString(1, runId);
      ps.setString(2, projectKey);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw failed("record the run " + runId, e);
    }
  }

  @Override
  public synchronized Optional<String> projectOfRun(String runId) {
    try (PreparedStatement ps =
        db.prepareStatement("SELECT project_key FROM runs WHERE run_id = ?")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw failed("look up the run " + runId, e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      db.close();
    } catch (SQLException e) {
      throw failed("close", e);
    }
  }

  private KxmException failed(String what, SQLException e) {
    return SqlErrors.translate(e, database.store(), what, ErrorCode.STORE_UNAVAILABLE);
  }
}
