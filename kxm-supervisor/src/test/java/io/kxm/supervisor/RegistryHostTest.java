package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An older registry file is migrated by the supervisor and its row reads as loopback; what every
 * registry does is in {@link SupervisorRegistryContract}.
 */
class RegistryHostTest {
  @TempDir Path dir;

  @Test
  void a_version_1_registry_is_migrated_and_its_row_reads_as_loopback() throws Exception {
    Path file = dir.resolve("registry.db");
    try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement st = db.createStatement()) {
      st.execute(
          "CREATE TABLE supervisor (id INTEGER PRIMARY KEY CHECK (id = 1), runtime_id TEXT NOT"
              + " NULL, pid INTEGER NOT NULL, port INTEGER NOT NULL, token_sha256 TEXT NOT NULL,"
              + " started_at TEXT NOT NULL, heartbeat_at TEXT NOT NULL, state TEXT NOT NULL)"
              + " STRICT");
      st.execute(
          "CREATE TABLE projects (project_key TEXT PRIMARY KEY, project_id TEXT NOT NULL,"
              + " canonical_root TEXT NOT NULL UNIQUE, home_runtime TEXT NOT NULL, registered_at"
              + " TEXT NOT NULL) STRICT");
      st.execute(
          "CREATE TABLE runs (run_id TEXT PRIMARY KEY, project_key TEXT NOT NULL REFERENCES"
              + " projects (project_key)) STRICT");
      st.execute(
          "INSERT INTO supervisor VALUES (1, 'rt_old', 42, 4711, 'abc',"
              + " '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'stopped')");
      st.execute("PRAGMA user_version = 1");
    }
    assertThat(Registry.peek(file)).as("a client does not migrate").isEmpty();
    try (Registry registry = Registry.open(file)) {
      SupervisorRow row = registry.supervisor().orElseThrow();
      assertThat(row.host()).isEqualTo("127.0.0.1");
      assertThat(row.url()).isEqualTo("http://127.0.0.1:4711");
    }
    assertThat(Registry.peek(file)).map(SupervisorRow::runtimeId).contains("rt_old");
  }
}
