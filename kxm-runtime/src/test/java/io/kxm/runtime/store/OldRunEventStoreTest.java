package io.kxm.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.testkit.OldFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run event store written by the build before Flyway (hand-numbered version 1). */
class OldRunEventStoreTest {
  @TempDir Path folder;

  @Test
  void a_version_1_store_is_backed_up_baselined_and_keeps_its_runs() {
    Path db = OldFiles.copy("run-events.db", folder.resolve("run-events.db"));
    assertThat(OldFiles.number(db, "PRAGMA user_version")).isEqualTo(1);
    try (RunEventStore store = RunEventStore.open(db)) {
      assertThat(store.runIds()).containsExactlyInAnyOrder("run_old_1", "run_old_2");
      assertThat(store.events("run_old_1")).hasSize(1);
      assertThat(store.load("run_old_2").lastSequence()).isEqualTo(1);
    }
    assertThat(OldFiles.backups(folder)).containsExactly("run-events.db.v1.bak");
    Path backup = folder.resolve("run-events.db.v1.bak");
    assertThat(OldFiles.number(backup, "SELECT count(*) FROM runs")).isEqualTo(2);
    assertThat(OldFiles.number(backup, "PRAGMA user_version")).isEqualTo(1);
    // The build before Flyway refuses a user_version above 1 as written by a newer build.
    assertThat(OldFiles.number(db, "PRAGMA user_version"))
        .isEqualTo(RunEventStore.SCHEMA.marker())
        .isGreaterThan(1);
    assertThat(
            OldFiles.number(
                db, "SELECT count(*) FROM flyway_schema_history WHERE type = 'BASELINE'"))
        .isEqualTo(1);

    try (RunEventStore again = RunEventStore.open(db)) {
      assertThat(again.runIds()).hasSize(2);
    }
    assertThat(OldFiles.backups(folder)).as("a current file is not copied again").hasSize(1);
  }
}
