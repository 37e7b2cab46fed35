package io.kxm.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReusedStatementsTest {
  private static final String READ = "SELECT v FROM t WHERE k = ?";
  @TempDir Path dir;
  private Connection connection;

  @BeforeEach
  void open() throws Exception {
    connection =
        ReusedStatements.on(DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("r.db")), 4);
    try (var s = connection.createStatement()) {
      s.execute("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)");
      s.execute("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
    }
  }

  @AfterEach
  void close() throws Exception {
    connection.close();
  }

  @Test
  void a_statement_closed_and_prepared_again_is_the_same_one_with_fresh_parameters()
      throws Exception {
    PreparedStatement first;
    try (PreparedStatement s = connection.prepareStatement(READ)) {
      first = s.unwrap(PreparedStatement.class);
      assertThat(value(s, 1)).isEqualTo("one");
    }
    try (PreparedStatement s = connection.prepareStatement(READ)) {
      assertThat(s.unwrap(PreparedStatement.class)).isSameAs(first);
      assertThat(value(s, 2)).isEqualTo("two");
    }
  }

  @Test
  void the_same_sql_prepared_while_its_statement_is_open_gets_a_statement_of_its_own()
      throws Exception {
    try (PreparedStatement outer = connection.prepareStatement(READ);
        PreparedStatement inner = connection.prepareStatement(READ)) {
      assertThat(inner.unwrap(PreparedStatement.class))
          .isNotSameAs(outer.unwrap(PreparedStatement.class));
      outer.setLong(1, 1);
      try (ResultSet rs = outer.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(value(inner, 2)).isEqualTo("two");
        assertThat(rs.getString(1)).isEqualTo("one");
      }
    }
  }

  @Test
  void a_statement_that_failed_is_not_lent_again() throws Exception {
    String insert = "INSERT INTO t (k, v) VALUES (?, ?)";
    PreparedStatement failedOne;
    try (PreparedStatement s = connection.prepareStatement(insert)) {
      failedOne = s.unwrap(PreparedStatement.class);
      s.setLong(1, 1);
      s.setString(2, "again");
      assertThatThrownBy(s::executeUpdate).isInstanceOf(SQLException.class);
    }
    try (PreparedStatement s = connection.prepareStatement(insert)) {
      assertThat(s.unwrap(PreparedStatement.class)).isNotSameAs(failedOne);
      s.setLong(1, 3);
      s.setString(2, "three");
      assertThat(s.executeUpdate()).isEqualTo(1);
    }
    assertThat(failedOne.isClosed()).isTrue();
  }

  @Test
  void a_closed_statement_refuses_use_and_closing_the_connection_closes_what_it_kept()
      throws Exception {
    PreparedStatement s = connection.prepareStatement(READ);
    PreparedStatement kept = s.unwrap(PreparedStatement.class);
    s.close();
    assertThat(s.isClosed()).isTrue();
    assertThatThrownBy(() -> s.setLong(1, 1)).isInstanceOf(SQLException.class);

    connection.close();
    assertThat(kept.isClosed()).isTrue();
  }

  private static String value(PreparedStatement s, long key) throws SQLException {
    s.setLong(1, key);
    try (ResultSet rs = s.executeQuery()) {
      return rs.next() ? rs.getString(1) : null;
    }
  }
}
