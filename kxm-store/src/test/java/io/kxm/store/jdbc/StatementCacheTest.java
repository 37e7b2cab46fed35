package io.kxm.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.KxmException;
import io.kxm.store.Dialect;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatementCacheTest {
  @TempDir Path dir;
  private Connection connection;
  private StatementCache cache;
  private Jdbc jdbc;

  @BeforeEach
  void open() throws Exception {
    connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("cache.db"));
    cache = new StatementCache(connection, 2);
    jdbc = new Jdbc(connection, Dialect.SQLITE, "test store", cache);
    jdbc.update("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)");
  }

  @AfterEach
  void close() throws Exception {
    cache.close();
    connection.close();
  }

  @Test
  void a_statement_run_again_is_prepared_once_and_binds_fresh_parameters_each_time() {
    for (int i = 1; i <= 50; i++) {
      jdbc.update("INSERT INTO t (k, v) VALUES (?, ?)", i, "v" + i);
    }
    String read = "SELECT v FROM t WHERE k = ?";

    assertThat(jdbc.first(read, row -> row.string("v"), 7)).hasValue("v7");
    assertThat(jdbc.first(read, row -> row.string("v"), 42)).hasValue("v42");
    assertThat(jdbc.about("count").list("SELECT count(*) AS n FROM t", row -> row.longValue("n")))
        .containsExactly(50L);
    assertThat(cache.size()).isEqualTo(2); // the capacity: the least recently used went first
  }

  @Test
  void a_statement_that_failed_is_dropped_and_the_next_use_works() {
    String insert = "INSERT INTO t (k, v) VALUES (?, ?)";
    jdbc.update(insert, 1, "a");
    int cached = cache.size();

    assertThatThrownBy(() -> jdbc.update(insert, 1, "again")).isInstanceOf(KxmException.class);
    assertThat(cache.size()).isEqualTo(cached - 1);
    jdbc.update(insert, 2, "b");
    assertThat(jdbc.list("SELECT v FROM t ORDER BY k", row -> row.string("v")))
        .containsExactly("a", "b");
  }

  @Test
  void cached_statements_follow_transactions_and_rollbacks_of_the_connection() throws Exception {
    String insert = "INSERT INTO t (k, v) VALUES (?, ?)";
    try (var statement = connection.createStatement()) {
      statement.execute("BEGIN IMMEDIATE");
      jdbc.update(insert, 1, "gone");
      statement.execute("ROLLBACK");
      statement.execute("BEGIN IMMEDIATE");
      jdbc.update(insert, 2, "kept");
      statement.execute("COMMIT");
    }

    assertThat(jdbc.list("SELECT k FROM t", row -> row.longValue("k"))).containsExactly(2L);
  }
}
