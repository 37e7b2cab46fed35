package io.kxm.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.PostgresLocation;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A runtime database in its own PostgreSQL schema, migrated from its own folder. */
class PostgresDatabaseTest {
  private static final String NOTES = "db/runtime-pg/notes";
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000);
  private PostgresSchema schema;

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("rtdb");
  }

  @AfterEach
  void dropSchema() throws SQLException {
    if (schema != null) {
      schema.close();
    }
  }

  private PostgresDatabase open() {
    PostgresLocation location =
        new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name());
    return PostgresDatabase.open(location, NOTES, "notes store", "kxm-test-notes", 2, clock);
  }

  @Test
  void a_new_schema_gets_its_tables_and_serves_writes_and_reads() {
    try (PostgresDatabase database = open()) {
      assertThat(database.migration().from()).isEmpty();
      assertThat(database.schema()).isEqualTo(schema.name());
      long id =
          database.write(jdbc ->
              jdbc.first(
                      "INSERT INTO notes (body) VALUES (?) RETURNING id",
                      row -> row.longValue("id"),
                      "first")
                  .orElseThrow());
      String body =
          database.read(jdbc ->
              jdbc.first("SELECT body FROM notes WHERE id = ?", row -> row.stringAt(1), id)
                  .orElseThrow());
      assertThat(body).isEqualTo("first");
    }
  }

  @Test
  void reopening_a_current_schema_migrates_nothing_and_backs_nothing_up() {
    open().close();
    try (PostgresDatabase again = open()) {
      assertThat(again.migration().from()).contains("1");
      assertThat(again.migration().backup()).isEmpty();
    }
  }

  @Test
  void a_schema_written_by_newer_code_is_refused_untouched() throws SQLException {
    open().close();
    try (Connection c = schema.connect();
        Statement s = c.createStatement()) {
      s.executeUpdate(
          "INSERT INTO "
              + schema.name()
              + ".flyway_schema_history (installed_rank, version, description, type, script,"
              + " installed_by, execution_time, success) VALUES (99, '99', 'later', 'SQL',"
              + " 'V99__later.sql', 'kxm', 0, true)");
    }
    assertThatThrownBy(this::open)
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_SCHEMA_NEWER));
  }

  @Test
  void a_closed_database_says_so() {
    PostgresDatabase database = open();
    database.close();
    assertThatThrownBy(() -> database.read(jdbc -> 1))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_UNAVAILABLE));
  }
}
