package io.kxm.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.store.jdbc.Jdbc;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pool's statements stay prepared between reads; each read must still see the newest data. */
class ReadPoolTest {
  @TempDir Path dir;

  @Test
  void a_statement_kept_between_reads_sees_what_was_committed_in_between() throws Exception {
    Path db = dir.resolve("pool.db");
    try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement w = writer.createStatement()) {
      w.execute("PRAGMA journal_mode=WAL");
      w.execute("CREATE TABLE t (n INTEGER)");
      try (ReadPool pool = new ReadPool(() -> SqliteConnections.reader(db, "pool"), 1, "pool")) {
        long before = pool.read(ReadPoolTest::count);
        w.execute("INSERT INTO t VALUES (1)");
        long after = pool.read(ReadPoolTest::count);
        w.execute("INSERT INTO t VALUES (2)");
        long later = pool.read(ReadPoolTest::count);

        assertThat(before).isZero();
        assertThat(after).isEqualTo(1);
        assertThat(later).isEqualTo(2);
      }
    }
  }

  private static long count(Jdbc jdbc) {
    return jdbc.first("SELECT count(*) AS n FROM t", row -> row.longValue("n")).orElseThrow();
  }
}
