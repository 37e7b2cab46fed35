package io.kxm.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.agent.AgentKeys;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.MigrationReport;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.SettableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a store written by older or newer code. */
class SqliteMigrationTest {
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000);
  @TempDir Path folder;

  private Store open(Path db) {
    return Stores.open(StoreConfig.sqlite(db), clock);
  }

  /** The newest schema this code knows, as a fresh store reports it. */
  private String newestKnown() {
    try (Store fresh = open(folder.resolve("fresh.db"))) {
      return fresh.migration().to();
    }
  }

  private static void migrate(Path db, String target, String... locations) {
    Flyway.configure()
        .dataSource("jdbc:sqlite:" + db, null, null)
        .locations(locations)
        .target(target)
        .load()
        .migrate();
  }

  private static long count(Path db, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void an_empty_path_gets_a_new_store_at_the_newest_schema_without_a_backup() {
    try (Store store = open(folder.resolve("kxm.db"))) {
      assertThat(store.migration())
          .isEqualTo(new MigrationReport(Optional.empty(), newestKnown(), Optional.empty()));
    }
  }

  @Test
  void an_older_store_is_backed_up_then_migrated_forward_with_its_data() throws Exception {
    Path db = folder.resolve("kxm.db");
    migrate(db, "1", "classpath:db/migration/sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO agents VALUES ('agt_1', 'p', 'alice', 'alice', null, null, null,"
              + " '"
              + "0".repeat(64)
              + "', 1, 1, 1, 1)");
    }

    MigrationReport report;
    try (Store store = open(db)) {
      report = store.migration();
      assertThat(store.agents().findById("agt_1")).isPresent();
      assertThat(store.messages().openForRecipient("agt_1")).isEmpty();
    }

    Path backup = folder.resolve("kxm.db.v1.bak");
    assertThat(report.from()).contains("1");
    assertThat(report.to()).isEqualTo(newestKnown());
    assertThat(report.backup()).contains(backup.toString());
    assertThat(count(backup, "SELECT count(*) FROM agents")).isEqualTo(1);
    assertThat(count(backup, "SELECT count(*) FROM sqlite_master WHERE name = 'messages'"))
        .isZero();
  }

  @Test
  void a_client_that_took_a_reserved_name_before_it_was_reserved_loses_it_at_migration()
      throws Exception {
    Path db = folder.resolve("kxm.db");
    migrate(db, "30", "classpath:db/migration/sqlite");
    String key = AgentKeys.generate();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO agents (id, project, name, name_key, key_hash, created_at, connected_at,"
              + " last_seen_at, lease_expires_at) VALUES ('agt_w', 'p', 'KXM-Workflows',"
              + " 'kxm-workflows', '"
              + AgentKeys.hash(key)
              + "', 1, 1, 1, 1), ('agt_a', 'p', 'alice', 'alice', '"
              + AgentKeys.hash(key)
              + "', 1, 1, 1, 1)");
    }

    try (Store store = open(db)) {
      assertThat(store.agents().findById("agt_w").orElseThrow().name()).isEqualTo("kxm-workflows");
      assertThat(store.agents().keyMatches("agt_w", key)).isFalse();
      assertThat(store.agents().keyMatches("agt_a", key)).isTrue();
    }
  }

  @Test
  void a_backup_never_overwrites_an_earlier_one() throws Exception {
    Path db = folder.resolve("kxm.db");
    migrate(db, "1", "classpath:db/migration/sqlite");
    Files.writeString(folder.resolve("kxm.db.v1.bak"), "an earlier backup");

    try (Store store = open(db)) {
      assertThat(store.migration().backup()).contains(folder.resolve("kxm.db.v1.2.bak").toString());
    }
    assertThat(folder.resolve("kxm.db.v1.bak")).hasContent("an earlier backup");
  }

  @Test
  void an_up_to_date_store_opens_again_without_a_backup() {
    Path db = folder.resolve("kxm.db");
    open(db).close();

    try (Store store = open(db)) {
      assertThat(store.migration().upgraded()).isFalse();
      assertThat(store.migration().backup()).isEmpty();
    }
  }

  @Test
  void a_store_written_by_newer_code_is_refused_untouched_naming_both_versions() throws Exception {
    Path db = folder.resolve("kxm.db");
    migrate(db, "latest", "classpath:db/migration/sqlite", "classpath:db/future/sqlite");
    String known = newestKnown();

    assertThatThrownBy(() -> open(db))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.STORE_SCHEMA_NEWER);
              assertThat(e.getMessage())
                  .contains("store at schema 999, this KXM knows up to " + known)
                  .contains(db.toString());
            });
    assertThat(count(db, "SELECT count(*) FROM flyway_schema_history WHERE version = '999'"))
        .isEqualTo(1);
    assertThat(Files.list(folder).filter(p -> p.toString().endsWith(".bak"))).isEmpty();
  }
}
