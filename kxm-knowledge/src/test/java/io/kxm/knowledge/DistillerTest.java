package io.kxm.knowledge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistillerTest {
  @TempDir Path dir;
  private KnowledgeDatabase db;
  private KnowledgeEntries entries;
  private final Map<String, DistillationRequest> asked = new ConcurrentHashMap<>();

  /** A simulated producer: names the target and counts what it was given. */
  private final DistillationProducer producer =
      request -> {
        asked.put(request.sourcePhase() + ":" + request.targetTaskId(), request);
        return "for " + request.targetTaskId() + ": " + request.material().size() + " entries";
      };

  @BeforeEach
  void open() {
    db = KnowledgeDatabase.open(dir.resolve("k.db"));
    entries = new KnowledgeEntries(db);
    entries.add(NewEntry.attempt("t1", 1, "alice", "mirror the grid", 0.5));
    entries.add(NewEntry.attempt("t2", 1, "bob", "count the colours", 1.0));
    entries.add(NewEntry.attempt("t1", 0, "alice", "an older generation", 0.0));
    Forum forum = new Forum(db);
    forum.open(ForumRoom.perTask("t1"), 1, List.of("alice"), 1);
    ForumSession alice = forum.session("t1", 1, "alice");
    alice.query("mirror", 1);
    alice.post("mirroring alone scores half", null, false);
    forum.open(ForumRoom.crossTask(), 1, List.of("bob"), 1);
    ForumSession bob = forum.session(SourcePhases.CROSS_TASK, 1, "bob");
    bob.query("colours", 1);
    bob.post("colour counts transfer", null, true);
  }

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void each_task_gets_a_bundle_and_each_target_a_conditioned_cross_task_bundle() throws Exception {
    DistillationOutcome outcome =
        new Distiller(db, producer).distill(1, List.of("t1", "t2"), List.of("t1", "t3"), true);

    assertThat(outcome.failures()).isEmpty();
    assertThat(outcome.perTask()).extracting(KnowledgeEntry::taskId).containsExactly("t1", "t2");
    assertThat(outcome.perTask())
        .allSatisfy(e -> {
          assertThat(e.type()).isEqualTo(EntryType.DISTILLATION);
          assertThat(e.sourcePhase()).isEqualTo(SourcePhases.PER_TASK_DISTILL);
          assertThat(e.generation()).isEqualTo(1);
          assertThat(e.author()).isEqualTo("distiller");
        });
    // t1's material: its generation-1 attempt and its room's post, not the older attempt.
    assertThat(asked.get("per_task_distill:t1").material())
        .extracting(KnowledgeEntry::content)
        .containsExactly("mirror the grid", "mirroring alone scores half");
    assertThat(outcome.crossTask()).extracting(KnowledgeEntry::taskId).containsExactly("t1", "t3");
    assertThat(outcome.crossTask())
        .allSatisfy(e -> assertThat(e.sourcePhase()).isEqualTo(SourcePhases.CROSS_TASK_DISTILL));
    assertThat(asked.get("cross_task_distill:t3").material())
        .extracting(KnowledgeEntry::content)
        .contains("colour counts transfer", "count the colours", "for t1: 2 entries");
    assertThat(asked.get("cross_task_distill:t3").prompt())
        .contains("task t3")
        .contains("(score 1.0)");
    assertThat(entries.byTask(SourcePhases.CROSS_TASK))
        .noneMatch(e -> e.type() == EntryType.DISTILLATION);
  }

  @Test
  void without_target_conditioning_one_broadcast_bundle_is_written() throws Exception {
    DistillationOutcome outcome =
        new Distiller(db, producer).distill(1, List.of("t1", "t2"), List.of("t1", "t3"), false);

    assertThat(outcome.crossTask()).hasSize(1);
    KnowledgeEntry broadcast = outcome.crossTask().getFirst();
    assertThat(broadcast.taskId()).isEqualTo(SourcePhases.CROSS_TASK);
    assertThat(entries.get(broadcast.id())).contains(broadcast);
    assertThat(asked.get("cross_task_distill:__cross_task__").prompt()).contains("every task");
  }

  @Test
  void a_failing_producer_costs_only_its_own_bundle() throws Exception {
    DistillationProducer flaky =
        request -> {
          if (request.targetTaskId().equals("t2")) {
            throw new IllegalStateException(
                "model refused, key sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345");
          }
          return request.targetTaskId().equals("t3") ? " " : "fine";
        };
    DistillationOutcome outcome =
        new Distiller(db, flaky).distill(1, List.of("t1", "t2"), List.of("t1", "t3"), true);

    assertThat(outcome.perTask()).extracting(KnowledgeEntry::taskId).containsExactly("t1");
    assertThat(outcome.crossTask()).extracting(KnowledgeEntry::taskId).containsExactly("t1");
    assertThat(outcome.failures()).containsOnlyKeys("per_task_distill:t2", "cross_task_distill:t3");
    assertThat(outcome.failures().get("per_task_distill:t2"))
        .contains("model refused")
        .doesNotContain("abcdefghij");
    assertThat(outcome.failures().get("cross_task_distill:t3")).contains("content");
  }

  @Test
  void a_generation_without_material_produces_nothing() throws Exception {
    DistillationOutcome outcome =
        new Distiller(db, producer).distill(7, List.of("t1"), List.of("t1"), true);
    assertThat(outcome.perTask()).isEmpty();
    assertThat(outcome.crossTask()).isEmpty();
    assertThat(asked).isEmpty();
  }
}
