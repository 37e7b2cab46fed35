package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
  static final int SCHEMA_VERSION = 2;

  private static final String[] SCHEMA = {
    """
    CREATE TABLE supervisor (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      runtime_id TEXT NOT NULL,
      pid INTEGER NOT NULL,
      port INTEGER NOT NULL,
      token_sha256 TEXT NOT NULL,
      started_at TEXT NOT NULL,
      heartbeat_at TEXT NOT NULL,
      state TEXT NOT NULL,
      host TEXT NOT NULL DEFAULT '127.0.0.1'
    ) STRICT\
    """,
    """
    CREATE TABLE projects (
      project_key TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      canonical_root TEXT NOT NULL UNIQUE,
      home_runtime TEXT NOT NULL,
      registered_at TEXT NOT NULL
    ) STRICT\
    """,
    """
    CREATE TABLE runs (
      run_id TEXT PRIMARY KEY,
      project_key TEXT NOT NULL REFERENCES projects (project_key)
    ) STRICT\
    """
  };

  private final Path file;
  private final Connection db;

  private Registry(Path file, Connection db) {
    this.file = file;
    this.db = db;
  }

  /** Opens the registry, creating it on first use; a newer or foreign schema is refused. */
  public static Registry open(Path file) {
    try {
      SecureFiles.createPrivateDirectories(file.toAbsolutePath().getParent());
      for (String suffix : new String[] {"", "-wal", "-shm"}) {
        Path part = file.resolveSibling(file.getFileName() + suffix);
        if (Files.isSymbolicLink(part)) {
          throw new KxmException(
              ErrorCode.STORE_SYMLINK_REFUSED, "the registry file " + part + " is a symbolic link");
        }
      }
    } catch (IOException e) {
      throw unusable(file, e);
    }
    try {
      Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
      try (Statement st = db.createStatement()) {
        st.execute("PRAGMA busy_timeout = 5000");
        st.execute("PRAGMA journal_mode = WAL");
        st.execute("PRAGMA synchronous = NORMAL");
        st.execute("PRAGMA foreign_keys = ON");
      }
      Registry registry = new Registry(file, db);
      registry.migrate();
      return registry;
    } catch (SQLException e) {
      throw unusable(file, e);
    }
  }

  /**
   * The supervisor row as a client reads it: without creating or migrating anything, and empty
   * while the registry does not exist or is still being created.
   */
  public static Optional<SupervisorRow> peek(Path file) {
    if (!Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      try (Statement st = db.createStatement()) {
        st.execute("PRAGMA busy_timeout = 5000");
      }
      if (version(db) != SCHEMA_VERSION) {
        return Optional.empty();
      }
      return new Registry(file, db).supervisor();
    } catch (SQLException e) {
      throw unusable(file, e);
    }
  }

  private static int version(Connection db) throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("PRAGMA user_version")) {
      return rs.getInt(1);
    }
  }

  private void migrate() throws SQLException {
    if (version(db) == SCHEMA_VERSION) {
      return;
    }
    try (Statement st = db.createStatement()) {
      // Take the write lock before looking again, so two openers never both create the schema.
      st.execute("BEGIN IMMEDIATE");
    }
    try {
      migrateLocked();
      try (Statement st = db.createStatement()) {
        st.execute("COMMIT");
      }
    } catch (SQLException | RuntimeException e) {
      try (Statement st = db.createStatement()) {
        st.execute("ROLLBACK");
      }
      throw e;
    }
  }

  private void migrateLocked() throws SQLException {
    int version = version(db);
    if (version == SCHEMA_VERSION) {
      return;
    }
    if (version == 1) {
      // Version 2 records where clients reach the supervisor; every version 1 row is loopback.
      try (Statement st = db.createStatement()) {
        st.execute("ALTER TABLE supervisor ADD COLUMN host TEXT NOT NULL DEFAULT '127.0.0.1'");
        st.execute("PRAGMA user_version = " + SCHEMA_VERSION);
      }
      return;
    }
    if (version > SCHEMA_VERSION) {
      throw new KxmException(
          ErrorCode.STORE_SCHEMA_NEWER,
          "the registry " + file + " has schema " + version + "; this KXM knows " + SCHEMA_VERSION);
    }
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table'")) {
      if (rs.getInt(1) > 0) {
        throw new KxmException(
            ErrorCode.RUNTIME_REGISTRY_UNUSABLE,
            "the registry " + file + " has tables but no schema version");
      }
    }
    try (Statement st = db.createStatement()) {
      for (String ddl : SCHEMA) {
        st.execute(ddl);
      }
      st.execute("PRAGMA user_version = " + SCHEMA_VERSION);
    }
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
    return new KxmException(
        ErrorCode.STORE_UNAVAILABLE,
        "the registry " + file + " could not " + what + ": " + e.getMessage(),
        e);
  }

  private static KxmException unusable(Path file, Exception e) {
    return new KxmException(
        ErrorCode.RUNTIME_REGISTRY_UNUSABLE,
        "cannot open the registry " + file + ": " + e.getMessage(),
        e);
  }
}
