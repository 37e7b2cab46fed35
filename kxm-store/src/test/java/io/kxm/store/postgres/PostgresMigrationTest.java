package io.kxm.store.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.Backends;
import io.kxm.store.MigrationReport;
import io.kxm.store.PostgresLocation;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.SettableClock;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Opening a PostgreSQL store written by older or newer code, each test in its own schema. */
class PostgresMigrationTest {
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000);
  private PostgresSchema schema;

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("migrate");
  }

  @AfterEach
  void dropSchema() throws SQLException {
    if (schema != null) { // null when PostgreSQL is down and the test was skipped
      schema.close();
    }
  }

  private Store open() {
    return Backends.postgres(schema, clock);
  }

  private void migrate(String target, String... locations) {
    Flyway.configure()
        .dataSource(schema.jdbcUrl(), null, null)
        .schemas(schema.name())
        .createSchemas(true)
        .locations(locations)
        .target(target)
        .load()
        .migrate();
  }

  private long count(String sql) throws SQLException {
    try (Connection c = schema.connect();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private String newestKnown() {
    try (Store fresh = open()) {
      return fresh.migration().to();
    }
  }

  @Test
  void an_empty_schema_gets_the_newest_tables_without_a_backup() {
    try (Store store = open()) {
      store.checkReady();
      assertThat(store.migration().from()).isEmpty();
      assertThat(store.migration().backup()).isEmpty();
    }
  }

  @Test
  void an_older_store_is_copied_to_a_backup_schema_then_migrated_forward() throws Exception {
    migrate("1", "classpath:db/migration/postgres");
    try (Connection c = schema.connect();
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO "
              + schema.name()
              + ".agents VALUES ('agt_1', 'p', 'alice', 'alice',"
              + " null, null, null, '"
              + "0".repeat(64)
              + "', 1, 1, 1, 1)");
    }

    MigrationReport report;
    try (Store store = open()) {
      report = store.migration();
      assertThat(store.agents().findById("agt_1")).isPresent();
      assertThat(store.messages().openForRecipient("agt_1")).isEmpty();
    }

    String backup = schema.name() + "_backup_v1";
    assertThat(report.from()).contains("1");
    assertThat(report.to()).isEqualTo(newestKnown());
    assertThat(report.backup()).contains(backup);
    assertThat(count("SELECT count(*) FROM " + backup + ".agents")).isEqualTo(1);
    assertThat(
            count(
                "SELECT count(*) FROM information_schema.tables"
                    + " WHERE table_schema = '"
                    + backup
                    + "' AND table_name = 'messages'"))
        .isZero();
  }

  @Test
  void a_store_written_by_newer_code_is_refused_naming_both_versions() throws Exception {
    migrate("latest", "classpath:db/migration/postgres", "classpath:db/future/postgres");
    String known;
    try (PostgresSchema other = PostgresSchema.create("known");
        Store fresh = Backends.postgres(other, clock)) {
      known = fresh.migration().to();
    }

    assertThatThrownBy(this::open)
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.STORE_SCHEMA_NEWER);
              assertThat(e.getMessage())
                  .contains("store at schema 999, this KXM knows up to " + known);
            });
    assertThat(schema.schemasStartingWithName()).containsExactly(schema.name());
  }

  @Test
  void an_unreachable_server_at_open_is_reported_unreachable_without_the_password() {
    StoreConfig config =
        StoreConfig.postgres(PostgresLocation.parse("postgresql://kxm:s3cret@127.0.0.1:1/kxm"));

    assertThatThrownBy(() -> Stores.open(config, clock))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              // Nothing retries an open: "unavailable" would promise that the hub retries.
              assertThat(e.code()).isEqualTo(ErrorCode.STORE_UNREACHABLE);
              assertThat(e.getMessage()).contains("127.0.0.1:1").doesNotContain("s3cret");
              assertThat(e.hint()).doesNotContain("retries by itself");
            });
  }

  @Test
  void a_closed_pool_is_reported_unavailable() {
    Store store = open();
    store.close();

    assertThatThrownBy(store::checkReady)
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_UNAVAILABLE));
  }
}
