package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.knowledge.evolve.EvolutionStore;
import io.kxm.testkit.OldFiles;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A knowledge database written by the build before Flyway: version 1, with the evolve tables that
 * build created when the loop first ran.
 */
class OldKnowledgeDatabaseTest {
  @TempDir Path folder;

  @Test
  void a_version_1_file_with_evolve_tables_takes_v2_and_keeps_its_entries_and_run() {
    Path file = OldFiles.copy("knowledge.db", folder.resolve("knowledge.db"));
    try (KnowledgeDatabase db =
        KnowledgeDatabase.open(file, SettableClock.atEpochSecond(1_900_000_000))) {
      assertThat(new KnowledgeEntries(db).byTask("task-old"))
          .extracting(KnowledgeEntry::content)
          .containsExactly("an old insight");
      assertThat(new EvolutionStore(db).hasRun()).isTrue();
    }
    assertThat(OldFiles.backups(folder)).containsExactly("knowledge.db.v1.bak");
    assertThat(
            OldFiles.number(
                file,
                "SELECT count(*) FROM flyway_schema_history"
                    + " WHERE (version = '1' AND type = 'BASELINE') OR version = '2'"))
        .isEqualTo(2);
    assertThat(OldFiles.number(file, "PRAGMA user_version"))
        .isEqualTo(KnowledgeDatabase.SCHEMA.marker())
        .isGreaterThan(1);
  }
}
