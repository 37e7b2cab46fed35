package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.sqlite.SqliteSchema;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQLite file behind the knowledge store, and entry validation that needs no store; what every
 * store does is in {@link KnowledgeStoreContract}.
 */
class KnowledgeDatabaseTest {
  @TempDir Path dir;
  private final SettableClock clock = SettableClock.atEpochSecond(1_800_000_000L);

  @Test
  void a_new_database_is_private_versioned_and_in_wal_mode() throws Exception {
    Path file = dir.resolve("k/knowledge.db");
    KnowledgeDatabase.open(file, clock).close();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      int version = db.read(c -> intOf(c.createStatement(), "PRAGMA user_version"));
      assertThat(version).as("Flyway's marker").isEqualTo(SqliteSchema.MARKER_BASE + 2);
      String mode = db.read(c -> stringOf(c.createStatement(), "PRAGMA journal_mode"));
      assertThat(mode).isEqualTo("wal");
    }
  }

  @Test
  void a_symbolic_link_is_refused() throws Exception {
    Path target = dir.resolve("real.db");
    KnowledgeDatabase.open(target, clock).close();
    Path link = Files.createSymbolicLink(dir.resolve("link.db"), target);
    assertThatThrownBy(() -> KnowledgeDatabase.open(link, clock))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_SYMLINK_REFUSED));
  }

  @Test
  void a_file_that_is_not_sqlite_is_refused() throws Exception {
    Path file = dir.resolve("notes.db");
    Files.writeString(file, "not a database at all, just some text");
    assertThatThrownBy(() -> KnowledgeDatabase.open(file, clock))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CORRUPT));
  }

  @Test
  void invalid_entries_are_refused_naming_the_field() {
    assertThatThrownBy(() -> KnowledgeStoreContract.post("t1", "alice", null, "x".repeat(32_001)))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG);
              assertThat(e.getMessage()).contains("content").contains("32,000");
            });
    assertThatThrownBy(() -> KnowledgeStoreContract.post(" ", "alice", null, "hello"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.getMessage()).contains("taskId"));
    assertThatThrownBy(() -> NewEntry.attempt("t1", 1, "alice", "hello", 1.5))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));
  }

  @Test
  void the_evolve_tables_come_with_a_new_file_from_its_second_migration() {
    Path file = dir.resolve("k.db");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      db.write(c -> {
        try (Statement s = c.createStatement()) {
          s.execute(
              "INSERT INTO evolve_generation (generation, tasks_json, phase, started_at)"
                  + " VALUES (1, '[]', 'attempts', 1)");
        }
        return null;
      });
    }
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file, clock)) {
      int n =
          db.read(c -> {
            try (PreparedStatement s =
                    c.prepareStatement("SELECT count(*) FROM evolve_generation");
                ResultSet rs = s.executeQuery()) {
              rs.next();
              return rs.getInt(1);
            }
          });
      assertThat(n).isEqualTo(1);
    }
  }

  private static int intOf(Statement s, String sql) throws java.sql.SQLException {
    try (s;
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static String stringOf(Statement s, String sql) throws java.sql.SQLException {
    try (s;
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
