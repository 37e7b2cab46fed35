package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.knowledge.EntryType;
import io.kxm.knowledge.KnowledgeDatabase;
import io.kxm.knowledge.KnowledgeEntries;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvolutionTest {
  private static final List<EvolveTask> TASKS = TaskSet.load(ArcTasks.folder());

  @TempDir Path dir;

  private static EvolveSettings settings(int generations, boolean distill, boolean memory) {
    return new EvolveSettings(generations, 2, 1, 0, 0, distill, memory, false, false, null);
  }

  /** The real forum and distiller, with simulated voices and a simulated distilling model. */
  private static KnowledgePhases simulatedKnowledge(KnowledgeDatabase db, EvolveSettings settings) {
    return new LoopKnowledge(
        db,
        settings,
        new SimulatedForumVoice(),
        new SimulatedDistillation(),
        Duration.ofSeconds(60),
        note -> {});
  }

  @Test
  void first_generation_solves_what_each_agent_knows_and_records_best_state() throws Exception {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      EvolutionStore store = new EvolutionStore(db);
      EvolutionResult result =
          Evolution.builder()
              .tasks(TASKS)
              .settings(settings(1, false, true))
              .store(store)
              .producer(new SimulatedAttemptProducer())
              .build()
              .run();

      assertThat(result.solved()).isEqualTo(1);
      assertThat(store.attempts(1))
          .extracting(a -> a.key().key() + " " + a.solved())
          .containsExactly(
              "g1/mirror-a/agent-1/1 true",
              "g1/mirror-b/agent-2/1 false",
              "g1/swap-c/agent-1/1 false");
      assertThat(new KnowledgeEntries(db).byTask("mirror-a"))
          .singleElement()
          .satisfies(e -> assertThat(e.type()).isEqualTo(EntryType.ATTEMPT))
          .satisfies(e -> assertThat(e.score()).isEqualTo(1.0));
    }
  }

  @Test
  void second_generation_seeds_carry_the_first_generations_bundle_and_solve_the_rest()
      throws Exception {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      EvolutionStore store = new EvolutionStore(db);
      EvolutionResult result =
          Evolution.builder()
              .tasks(TASKS)
              .settings(settings(2, true, true))
              .store(store)
              .producer(new SimulatedAttemptProducer())
              .knowledge(simulatedKnowledge(db, settings(2, true, true)))
              .build()
              .run();

      List<SeedPackage> second = store.seeds(2);
      assertThat(second).extracting(s -> s.key().taskId()).containsExactly("mirror-b", "swap-c");
      assertThat(second)
          .allSatisfy(s ->
              assertThat(s.bundles())
                  .extracting(SeedPackage.SeedBundle::content)
                  .anySatisfy(c -> assertThat(c).contains("solved a task: flip_horizontal")))
          .allSatisfy(s ->
              assertThat(s.bundles())
                  .extracting(b -> new KnowledgeEntries(db).get(b.entryId()).orElseThrow())
                  .allSatisfy(e -> assertThat(e.type()).isEqualTo(EntryType.DISTILLATION))
                  .allSatisfy(e -> assertThat(e.generation()).isEqualTo(1)))
          .allSatisfy(s -> assertThat(s.priorAttempts()).hasSize(1))
          .allSatisfy(
              s -> assertThat(s.task().test()).allSatisfy(p -> assertThat(p.output()).isNull()));
      assertThat(result.solved()).isEqualTo(3);
      assertThat(result.generations())
          .extracting(GenerationSummary::solvedSoFar)
          .containsExactly(1, 3);
    }
  }

  @Test
  void without_memory_the_second_generation_learns_nothing() throws Exception {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      EvolutionStore store = new EvolutionStore(db);
      List<String> notes = new ArrayList<>();
      EvolutionResult result =
          Evolution.builder()
              .tasks(TASKS)
              .settings(settings(2, true, false))
              .store(store)
              .producer(new SimulatedAttemptProducer())
              .knowledge(simulatedKnowledge(db, settings(2, true, false)))
              .listener(
                  new EvolutionListener() {
                    @Override
                    public void note(String text) {
                      notes.add(text);
                    }
                  })
              .build()
              .run();

      assertThat(result.solved()).isEqualTo(1);
      assertThat(store.seeds(2)).allSatisfy(s -> assertThat(s.bundles()).isEmpty());
      assertThat(notes).contains("distilling skipped: memory is off");
    }
  }

  @Test
  void a_run_cut_off_mid_generation_resumes_without_repeating_a_finished_attempt()
      throws Exception {
    AtomicInteger calls = new AtomicInteger();
    AttemptProducer crashesOnSecond =
        (seed, prompt) -> {
          if (calls.incrementAndGet() == 2) {
            throw new IllegalStateException("process died");
          }
          return new SimulatedAttemptProducer().attempt(seed, prompt);
        };
    Path file = dir.resolve("k.db");
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file)) {
      Evolution first =
          Evolution.builder()
              .tasks(TASKS)
              .settings(settings(1, false, true))
              .store(new EvolutionStore(db))
              .producer(crashesOnSecond)
              .build();
      assertThatThrownBy(first::run).hasMessage("process died");
    }
    List<AttemptKey> produced = new ArrayList<>();
    List<AttemptKey> skipped = new ArrayList<>();
    try (KnowledgeDatabase db = KnowledgeDatabase.open(file)) {
      EvolutionStore store = new EvolutionStore(db);
      Evolution.builder()
          .tasks(TASKS)
          .settings(settings(1, false, true))
          .store(store)
          .producer((seed, prompt) -> {
            produced.add(seed.key());
            return new SimulatedAttemptProducer().attempt(seed, prompt);
          })
          .listener(
              new EvolutionListener() {
                @Override
                public void attemptSkipped(AttemptKey key) {
                  skipped.add(key);
                }
              })
          .build()
          .run();

      assertThat(skipped).extracting(AttemptKey::key).containsExactly("g1/mirror-a/agent-1/1");
      assertThat(produced)
          .extracting(AttemptKey::key)
          .containsExactly("g1/mirror-b/agent-2/1", "g1/swap-c/agent-1/1");
      assertThat(store.attempts(1)).hasSize(3);
      assertThat(new KnowledgeEntries(db).byTask("mirror-a")).hasSize(1);
    }
  }

  @Test
  void resuming_with_other_tasks_or_population_is_refused() throws Exception {
    try (KnowledgeDatabase db = KnowledgeDatabase.open(dir.resolve("k.db"))) {
      EvolutionStore store = new EvolutionStore(db);
      Evolution.builder()
          .tasks(TASKS)
          .settings(settings(1, false, true))
          .store(store)
          .producer(new SimulatedAttemptProducer())
          .build()
          .run();

      Evolution fewerTasks =
          Evolution.builder()
              .tasks(TASKS.subList(0, 2))
              .settings(settings(1, false, true))
              .store(store)
              .producer(new SimulatedAttemptProducer())
              .build();
      Evolution otherPopulation =
          Evolution.builder()
              .tasks(TASKS)
              .settings(new EvolveSettings(1, 3, 1, 0, 0, false, true, false, false, null))
              .store(store)
              .producer(new SimulatedAttemptProducer())
              .build();

      assertThatThrownBy(fewerTasks::run)
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.EVOLVE_RUN_MISMATCH))
          .hasMessageContaining("other tasks");
      assertThatThrownBy(otherPopulation::run).hasMessageContaining("--population 2");
    }
  }
}
