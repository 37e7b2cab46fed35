package io.kxm.store.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hub store made before the sync tables existed, but after later migrations, still opens. */
class SyncMigrationOrderTest {
  @TempDir Path dir;

  @Test
  void a_store_already_past_v4_gains_the_sync_tables_after_a_backup() throws Exception {
    try (Store store = Backends.sqlite(dir, Clock.systemUTC())) {
      assertThat(store.migration().backup()).isEmpty();
    }
    // As a store written before V4 shipped looks: later migrations applied, no sync tables.
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("kxm.db"));
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE sync_events");
      s.execute("DROP TABLE runtime_presence");
      s.execute("DELETE FROM flyway_schema_history WHERE version = '4'");
    }

    try (Store store = Backends.sqlite(dir, Clock.systemUTC())) {
      store.checkReady();
      assertThat(store.migration().backup()).isPresent();
      assertThat(Files.exists(Path.of(store.migration().backup().orElseThrow()))).isTrue();
      assertThat(store.syncEvents().runs("alpha", 10)).isEmpty();
    }
  }
}
