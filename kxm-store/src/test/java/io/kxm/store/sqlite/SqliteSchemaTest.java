package io.kxm.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A runtime file's schema: Flyway, the marker, files from builds before Flyway, two openers. */
class SqliteSchemaTest {
  /** Two migrations under {@code db/test/twostep}; builds before Flyway wrote version 1 by hand. */
  static final SqliteSchema TWO_STEP =
      new SqliteSchema(
          "test file",
          "db/test/twostep",
          2,
          1,
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID);

  @TempDir Path folder;

  static void open(Path file) {
    SqliteDatabase db = SqliteDatabase.runtime(file, "test file").prepare();
    try (Connection c = db.writer()) {
      TWO_STEP.ensure(db, c);
    } catch (SQLException e) {
      throw db.failure(e, "close");
    }
  }

  private static void sql(Path file, String... statements) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
    }
  }

  private static long number(Path file, String query) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static List<String> applied(Path file) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT version || ':' || type || ':' || success FROM flyway_schema_history"
                    + " ORDER BY installed_rank")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void a_new_file_gets_every_migration_and_the_marker_without_a_backup() throws Exception {
    Path file = folder.resolve("t.db");
    open(file);
    assertThat(applied(file)).containsExactly("1:SQL:1", "2:SQL:1");
    assertThat(number(file, "PRAGMA user_version")).isEqualTo(1002);
    assertThat(number(file, "SELECT count(*) FROM pragma_table_info('items')")).isEqualTo(3);
    try (var listing = Files.list(folder)) {
      assertThat(listing.map(p -> p.getFileName().toString()))
          .noneMatch(name -> name.endsWith(".bak"));
    }
  }

  @Test
  void a_file_at_the_marker_opens_without_flyway_or_the_lock() throws Exception {
    Path file = folder.resolve("t.db");
    open(file);
    Path lock = folder.resolve("t.db" + MigrationLock.SUFFIX);
    assertThat(lock).exists();
    Files.delete(lock);
    open(file);
    assertThat(lock).as("the fast path takes no lock and runs no Flyway").doesNotExist();
    assertThat(applied(file)).hasSize(2);
  }

  @Test
  void a_file_from_before_flyway_is_backed_up_baselined_and_migrated_with_its_rows()
      throws Exception {
    Path file = folder.resolve("t.db");
    sql(
        file,
        "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL) STRICT",
        "INSERT INTO items (name) VALUES ('kept')",
        "PRAGMA user_version = 1");
    open(file);
    assertThat(applied(file)).containsExactly("1:BASELINE:1", "2:SQL:1");
    assertThat(number(file, "SELECT count(*) FROM items WHERE name = 'kept'")).isEqualTo(1);
    assertThat(number(file, "PRAGMA user_version")).isEqualTo(1002);
    Path backup = folder.resolve("t.db.v1.bak");
    assertThat(number(backup, "SELECT count(*) FROM items")).isEqualTo(1);
    assertThat(number(backup, "PRAGMA user_version")).isEqualTo(1);
  }

  @Test
  void a_flyway_file_at_an_older_version_is_backed_up_under_its_flyway_version() throws Exception {
    Path file = folder.resolve("t.db");
    open(file);
    sql(
        file,
        "DELETE FROM flyway_schema_history WHERE version = '2'",
        "ALTER TABLE items DROP COLUMN note",
        "PRAGMA user_version = 1001");
    open(file);
    assertThat(number(file, "PRAGMA user_version")).isEqualTo(1002);
    assertThat(folder.resolve("t.db.v1.bak")).exists();
    assertThat(number(file, "SELECT count(*) FROM pragma_table_info('items')")).isEqualTo(3);
  }

  @Test
  void a_file_written_by_a_newer_build_is_refused_untouched() throws Exception {
    Path file = folder.resolve("t.db");
    open(file);
    sql(file, "PRAGMA user_version = 1003");
    byte[] before = Files.readAllBytes(file);
    assertThatThrownBy(() -> open(file))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_SCHEMA_NEWER))
        .hasMessageContaining("schema version 3")
        .hasMessageContaining("reads up to 2");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);

    Path hand = folder.resolve("hand.db");
    sql(hand, "CREATE TABLE items (id INTEGER PRIMARY KEY) STRICT", "PRAGMA user_version = 7");
    assertThatThrownBy(() -> open(hand))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_SCHEMA_NEWER));
    assertThat(number(hand, "PRAGMA user_version")).isEqualTo(7);
  }

  @Test
  void a_file_with_tables_but_no_version_is_refused() throws Exception {
    Path file = folder.resolve("t.db");
    sql(file, "CREATE TABLE strangers (id INTEGER PRIMARY KEY)");
    assertThatThrownBy(() -> open(file))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID));
    assertThat(number(file, "SELECT count(*) FROM sqlite_schema")).isEqualTo(1);
  }

  @Test
  void a_lock_file_that_is_a_symbolic_link_is_refused_before_anything_is_created()
      throws Exception {
    Path file = folder.resolve("t.db");
    Path elsewhere = Files.writeString(folder.resolve("elsewhere"), "");
    Files.createSymbolicLink(folder.resolve("t.db" + MigrationLock.SUFFIX), elsewhere);
    assertThatThrownBy(() -> open(file))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_SYMLINK_REFUSED));
    assertThat(number(file, "SELECT count(*) FROM sqlite_schema")).isZero();
  }

  @Test
  void the_older_builds_refuse_a_migrated_file_as_newer() {
    // Builds before Flyway refused a user_version above their own hand-numbered version.
    assertThat(TWO_STEP.marker()).isGreaterThan(SqliteSchema.MARKER_BASE);
    assertThat(TWO_STEP.current(TWO_STEP.marker())).isTrue();
    assertThat(TWO_STEP.current(1)).as("hand version 1 lacks V2").isFalse();
  }

  @Test
  void eight_threads_opening_a_new_file_at_once_migrate_it_once() throws Exception {
    Path file = folder.resolve("t.db");
    int openers = 8;
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(openers);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < openers; i++) {
        done.add(
            pool.submit(() -> {
              start.await();
              open(file);
              return null;
            }));
      }
      start.countDown();
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(applied(file)).containsExactly("1:SQL:1", "2:SQL:1");
    assertThat(number(file, "PRAGMA user_version")).isEqualTo(1002);
  }

  @Test
  void two_processes_opening_a_new_file_at_once_migrate_it_once() throws Exception {
    Path file = folder.resolve("t.db");
    List<Process> children = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      children.add(
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  SchemaOpenerProcess.class.getName(),
                  file.toString())
              .redirectErrorStream(true)
              .redirectOutput(folder.resolve("child-" + i + ".log").toFile())
              .start());
    }
    for (Process child : children) {
      assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(child.exitValue())
          .as(() -> readQuietly(folder.resolve("child-" + children.indexOf(child) + ".log")))
          .isZero();
    }
    assertThat(applied(file)).containsExactly("1:SQL:1", "2:SQL:1");
    assertThat(number(file, "PRAGMA user_version")).isEqualTo(1002);
  }

  private static String readQuietly(Path log) {
    try {
      return Files.readString(log);
    } catch (java.io.IOException e) {
      return "no log: " + e.getMessage();
    }
  }
}
