package io.kxm.store.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.store.MigrationReport;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.OldFiles;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hub store written by the build before Flyway managed the runtime's files (V34). */
class OldHubStoreTest {
  @TempDir Path folder;

  @Test
  void a_v34_hub_store_opens_with_its_agents_and_is_backed_up_when_it_migrates() {
    Path db = OldFiles.copy("kxm.db", folder.resolve("kxm.db"));
    MigrationReport report;
    try (Store store = Stores.open(StoreConfig.sqlite(db), SettableClock.atEpochSecond(1))) {
      report = store.migration();
      assertThat(store.agents().findById("agt_old_1")).isPresent();
      assertThat(store.agents().findById("agt_old_2")).isPresent();
    }
    assertThat(report.from()).contains("34");
    if (report.to().equals("34")) {
      assertThat(report.backup()).isEmpty();
      assertThat(OldFiles.backups(folder)).isEmpty();
    } else {
      assertThat(report.backup()).contains(folder.resolve("kxm.db.v34.bak").toString());
      assertThat(OldFiles.number(folder.resolve("kxm.db.v34.bak"), "SELECT count(*) FROM agents"))
          .isEqualTo(2);
    }
  }
}
