package io.kxm.cli.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.knowledge.Bundle;
import io.kxm.knowledge.Bundles;
import io.kxm.knowledge.EntryType;
import io.kxm.knowledge.KnowledgeDatabase;
import io.kxm.knowledge.KnowledgeEntries;
import io.kxm.knowledge.NewEntry;
import io.kxm.knowledge.SourcePhases;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class KnowledgeExportTest {
  @TempDir Path dir;

  @BeforeEach
  void donor() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("donor.db"))) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      for (String task : new String[] {"t1", "t2", SourcePhases.CROSS_TASK}) {
        entries.add(
            new NewEntry(
                EntryType.DISTILLATION,
                SourcePhases.CROSS_TASK_DISTILL,
                task,
                null,
                1,
                0,
                "distiller",
                null,
                "guidance for " + task,
                null));
      }
    }
  }

  private CliRun.Result kxm(String... args) {
    return CliRun.run(TestEnv.of(dir), dir, args);
  }

  @Test
  void export_writes_a_bundle_that_reads_back_and_seeds_another_database() {
    CliRun.Result result =
        kxm("knowledge", "export", "--db", "donor.db", "--task", "t2", "--out", "b.json", "--json");
    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode summary = Json.read(result.out());
    assertThat(summary.path("entries").asInt()).isEqualTo(2);

    Bundle bundle = Bundles.read(dir.resolve("b.json"));
    assertThat(bundle.tasks()).containsExactly("__cross_task__", "t2");
    assertThat(bundle.provenance().taskFilter()).isEqualTo("t2");
    try (KnowledgeDatabase target = KnowledgeDatabase.open(dir.resolve("target.db"))) {
      assertThat(Bundles.inject(target, bundle).added()).isEqualTo(2);
      assertThat(new KnowledgeEntries(target).byTask("t2").getFirst().content())
          .isEqualTo("guidance for t2");
    }
  }

  @Test
  void export_without_out_prints_the_whole_bundle() {
    CliRun.Result result = kxm("knowledge", "export", "--db", "donor.db");
    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode bundle = Json.read(result.out());
    assertThat(bundle.path("format").asString()).isEqualTo("kxm.knowledge-bundle");
    assertThat(bundle.path("version").asInt()).isEqualTo(1);
    assertThat(bundle.path("entries").size()).isEqualTo(3);
  }

  @Test
  void export_of_a_missing_database_is_refused_and_creates_nothing() {
    CliRun.Result result = kxm("knowledge", "export", "--db", "nope.db");
    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("invalid_request").contains("nope.db");
    assertThat(Files.exists(dir.resolve("nope.db"))).isFalse();
  }

  @Test
  void help_describes_both_commands() {
    assertThat(kxm("knowledge", "export", "--help").out()).contains("--task").contains("--out");
    assertThat(kxm("knowledge", "mcp", "--help").out()).contains("--round").contains("--agent");
  }
}
