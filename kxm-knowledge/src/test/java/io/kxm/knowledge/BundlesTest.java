package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class BundlesTest {
  @TempDir Path dir;

  private static KnowledgeEntry distillation(KnowledgeEntries entries, String task, String text) {
    return entries.add(
        new NewEntry(
            EntryType.DISTILLATION,
            task.equals(SourcePhases.CROSS_TASK)
                ? SourcePhases.CROSS_TASK_DISTILL
                : SourcePhases.PER_TASK_DISTILL,
            task,
            null,
            2,
            0,
            "distiller",
            null,
            text,
            null));
  }

  private Path donor() {
    Path file = dir.resolve("donor.db");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file)) {
      KnowledgeEntries entries = new KnowledgeEntries(db);
      entries.add(NewEntry.attempt("t1", 2, "alice", "an attempt is not exported", 0.5));
      distillation(entries, "t1", "t1: mirror then recolour");
      distillation(entries, "t2", "t2: count first");
      distillation(entries, SourcePhases.CROSS_TASK, "everywhere: check symmetry");
    }
    return file;
  }

  @Test
  void an_exported_bundle_reads_back_equal_and_imports_once() throws Exception {
    Path bundleFile = dir.resolve("bundle.json");
    String sourceId;
    try (KnowledgeDatabase db = KnowledgeDatabase.open(donor())) {
      Bundle bundle = Bundles.export(db, null);
      sourceId = db.databaseId();
      assertThat(bundle.tasks()).containsExactly("__cross_task__", "t1", "t2");
      assertThat(bundle.entries())
          .extracting(KnowledgeEntry::content)
          .containsExactly(
              "t1: mirror then recolour", "t2: count first", "everywhere: check symmetry");
      Bundles.write(bundle, bundleFile);
      assertThat(Bundles.read(bundleFile)).isEqualTo(bundle);
    }
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(bundleFile)))
        .isEqualTo("rw-------");

    Bundle read = Bundles.read(bundleFile);
    assertThat(read.sourceDatabaseId()).isEqualTo(sourceId);
    assertThat(read.provenance().generations()).containsExactly(2);
    try (KnowledgeDatabase target = KnowledgeDatabase.open(dir.resolve("target.db"))) {
      assertThat(Bundles.inject(target, read)).isEqualTo(new Bundles.Injected(3, 0));
      assertThat(Bundles.inject(target, read)).isEqualTo(new Bundles.Injected(0, 3));
      KnowledgeEntries entries = new KnowledgeEntries(target);
      assertThat(entries.byTask("t1")).containsExactly(read.entries().getFirst());
      assertThat(entries.search("symmetry", 5).hits()).hasSize(1);
    }
  }

  @Test
  void an_export_for_one_task_holds_its_bundles_and_the_broadcast_ones() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(donor())) {
      Bundle bundle = Bundles.export(db, "t2");
      assertThat(bundle.entries())
          .extracting(KnowledgeEntry::taskId)
          .containsExactly("t2", "__cross_task__");
      assertThat(bundle.provenance().taskFilter()).isEqualTo("t2");
    }
  }

  @Test
  void a_bundle_whose_ids_clash_with_different_content_is_refused_whole() {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(donor())) {
      Bundle bundle = Bundles.export(db, null);
      KnowledgeEntry first = bundle.entries().getFirst();
      KnowledgeEntry changed =
          new KnowledgeEntry(
              first.id(),
              first.type(),
              first.sourcePhase(),
              first.taskId(),
              null,
              2,
              0,
              "distiller",
              null,
              "something else",
              null,
              first.createdAt());
      Bundle forged =
          new Bundle(
              1,
              "kdb_other",
              bundle.exportedAt(),
              bundle.tasks(),
              List.of(bundle.entries().get(1), changed),
              bundle.provenance());
      int before = new KnowledgeEntries(db).byTask("t2").size();
      assertThatThrownBy(() -> Bundles.inject(db, forged))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_BUNDLE_INVALID));
      assertThat(new KnowledgeEntries(db).byTask("t2")).hasSize(before);
    }
  }

  private void assertInvalid(String json, String field) throws Exception {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, json);
    assertThatThrownBy(() -> Bundles.read(file))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_BUNDLE_INVALID);
              assertThat(e.getMessage()).contains("bundle field " + field + " ");
            });
  }

  @Test
  void a_bad_bundle_is_refused_naming_the_field() throws Exception {
    ObjectNode good;
    try (KnowledgeDatabase db = KnowledgeDatabase.open(donor())) {
      good = (ObjectNode) Json.read(Bundles.toJson(Bundles.export(db, null)));
    }
    assertInvalid("[1, 2]", "(document)");
    assertInvalid("{not json", "(document)");
    assertInvalid(good.deepCopy().put("format", "zip").toString(), "format");
    assertInvalid(good.deepCopy().put("version", 2).toString(), "version");
    assertInvalid(good.deepCopy().put("extra", true).toString(), "extra");
    assertInvalid(good.deepCopy().put("exportedAt", "yesterday").toString(), "exportedAt");

    ObjectNode noContent = good.deepCopy();
    ((ObjectNode) noContent.path("entries").get(1)).remove("content");
    assertInvalid(noContent.toString(), "entries[1].content");
    ObjectNode badType = good.deepCopy();
    ((ObjectNode) badType.path("entries").get(0)).put("type", "rumour");
    assertInvalid(badType.toString(), "entries[0].type");
    ObjectNode badScore = good.deepCopy();
    ((ObjectNode) badScore.path("entries").get(0)).put("score", 7);
    assertInvalid(badScore.toString(), "entries[0]");
    ObjectNode orphan = good.deepCopy();
    ((ObjectNode) orphan.path("entries").get(0)).put("parentId", "ke_elsewhere");
    assertInvalid(orphan.toString(), "entries[0].parentId");
    ObjectNode repeated = good.deepCopy();
    ((ArrayNode) repeated.path("entries")).add(repeated.path("entries").get(0).deepCopy());
    assertInvalid(repeated.toString(), "entries[3].id");
    ObjectNode unlisted = good.deepCopy();
    ((ArrayNode) unlisted.path("tasks")).remove(2);
    assertInvalid(unlisted.toString(), "entries[1].taskId");
  }

  @Test
  void a_link_is_not_read_as_a_bundle() throws Exception {
    Path real = dir.resolve("real.json");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(donor())) {
      Bundles.write(Bundles.export(db, null), real);
    }
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);
    assertThatThrownBy(() -> Bundles.read(link))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.KNOWLEDGE_BUNDLE_INVALID));
  }
}
