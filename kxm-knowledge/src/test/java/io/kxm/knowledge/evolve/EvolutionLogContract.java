package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.knowledge.KnowledgeEntries;
import io.kxm.knowledge.KnowledgeEntry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link EvolutionLog} must do, whatever keeps it. A backend subclass opens a fresh log
 * for each test, and a second one on the same database to stand for a resumed run.
 */
public abstract class EvolutionLogContract {
  private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
  private static final String TASKS = "ab".repeat(32);
  private static final EvolveSettings SETTINGS =
      new EvolveSettings(3, 2, 2, 0, 0, false, true, false, false, null);

  protected EvolutionLog log;

  /** Opens an empty log, one per test. */
  protected abstract EvolutionLog openFresh() throws Exception;

  /** Opens another log on the database {@link #openFresh} last opened, after it closed. */
  protected abstract EvolutionLog reopen() throws Exception;

  /** Closes what {@link #openFresh} or {@link #reopen} opened. */
  protected abstract void closeLog(EvolutionLog log);

  @BeforeEach
  void open() throws Exception {
    log = openFresh();
  }

  @AfterEach
  void close() {
    closeLog(log);
  }

  private static SeedPackage seed(int generation, String task, String agent, int attempt) {
    return new SeedPackage(
        new AttemptKey(generation, task, agent, attempt),
        new EvolveTask(task, List.of(), List.of()),
        List.of(),
        List.of(),
        null,
        List.of());
  }

  private static AttemptRecord attempt(
      int generation, String task, String agent, int attempt, Double score) {
    return new AttemptRecord(
        new AttemptKey(generation, task, agent, attempt),
        "finished",
        "answer of " + agent,
        score,
        score != null && score == 1.0,
        "scored",
        null,
        T0);
  }

  @Test
  void a_fresh_log_holds_no_run() {
    assertThat(log.hasRun()).isFalse();
    assertThat(log.phase(1)).isEmpty();
    assertThat(log.seeds(1)).isEmpty();
    assertThat(log.finishedKeys(1)).isEmpty();
    assertThat(log.attempts(1)).isEmpty();
    assertThat(log.summaries()).isEmpty();
    assertThat(log.solvedBefore(5)).isEmpty();
  }

  @Test
  void a_resumed_run_must_be_the_same_run() {
    log.begin(TASKS, SETTINGS, T0);
    log.begin(TASKS, SETTINGS, T0.plusSeconds(60));
    assertThat(log.hasRun()).isTrue();

    assertThatThrownBy(() -> log.begin("cd".repeat(32), SETTINGS, T0))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.EVOLVE_RUN_MISMATCH))
        .hasMessageContaining("other tasks");
    EvolveSettings wider = new EvolveSettings(3, 4, 2, 0, 0, false, true, false, false, null);
    assertThatThrownBy(() -> log.begin(TASKS, wider, T0))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.EVOLVE_RUN_MISMATCH))
        .hasMessageContaining("--population 2");
  }

  @Test
  void a_generation_starts_with_its_seeds_in_run_order_and_moves_through_its_phases() {
    log.begin(TASKS, SETTINGS, T0);
    log.startGeneration(
        1,
        List.of("t2", "t1"),
        List.of(
            seed(1, "t2", "agent-1", 1), seed(1, "t1", "agent-2", 2), seed(1, "t1", "agent-1", 1)),
        T0);

    assertThat(log.phase(1)).contains(GenerationPhase.ATTEMPTS);
    assertThat(log.seeds(1))
        .extracting(s -> s.key().key())
        .containsExactly("g1/t1/agent-1/1", "g1/t1/agent-2/2", "g1/t2/agent-1/1");
    assertThat(log.seeds(1).getFirst()).isEqualTo(seed(1, "t1", "agent-1", 1));

    log.setPhase(1, GenerationPhase.FORUM, T0);
    assertThat(log.phase(1)).contains(GenerationPhase.FORUM);
    log.setPhase(1, GenerationPhase.DONE, T0);
    assertThat(log.phase(1)).contains(GenerationPhase.DONE);
    assertThat(log.summaries())
        .singleElement()
        .satisfies(s -> {
          assertThat(s.generation()).isEqualTo(1);
          assertThat(s.phase()).isEqualTo("done");
          assertThat(s.tasks()).isEqualTo(2);
          assertThat(s.attempts()).isZero();
        });
  }

  @Test
  void starting_a_generation_twice_is_refused_and_keeps_the_first_seeds() {
    log.startGeneration(1, List.of("t1"), List.of(seed(1, "t1", "agent-1", 1)), T0);

    assertThatThrownBy(() ->
            log.startGeneration(
                1, List.of("t2"), List.of(seed(1, "t2", "agent-1", 1)), T0.plusSeconds(1)))
        .isInstanceOf(KxmException.class);

    assertThat(log.seeds(1)).extracting(s -> s.key().taskId()).containsExactly("t1");
  }

  @Test
  void a_finished_attempt_commits_once_with_its_knowledge_entry() {
    log.startGeneration(1, List.of("t1"), List.of(seed(1, "t1", "agent-1", 1)), T0);
    AttemptRecord finished = attempt(1, "t1", "agent-1", 1, 0.5);

    assertThat(log.record(finished)).isTrue();
    assertThat(log.record(attempt(1, "t1", "agent-1", 1, 1.0))).isFalse();

    assertThat(log.finishedKeys(1)).containsExactly("g1/t1/agent-1/1");
    AttemptRecord stored = log.attempts(1).getFirst();
    assertThat(log.attempts(1)).hasSize(1);
    assertThat(stored.score()).isEqualTo(0.5);
    assertThat(stored.answer()).isEqualTo("answer of agent-1");
    List<KnowledgeEntry> entries = new KnowledgeEntries(log.database()).byTask("t1");
    assertThat(entries).extracting(KnowledgeEntry::id).containsExactly(stored.entryId());
    assertThat(entries.getFirst().score()).isEqualTo(0.5);
    assertThat(log.summaries().getFirst().attempts()).isEqualTo(1);
  }

  @Test
  void a_refused_attempt_leaves_neither_the_attempt_nor_its_entry() {
    log.startGeneration(1, List.of("t1"), List.of(seed(1, "t1", "agent-1", 1)), T0);

    assertThatThrownBy(() -> log.record(attempt(1, "t1", "agent-1", 1, 1.5)))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));

    assertThat(log.finishedKeys(1)).isEmpty();
    assertThat(new KnowledgeEntries(log.database()).byTask("t1")).isEmpty();
    assertThat(log.record(attempt(1, "t1", "agent-1", 1, 0.25))).isTrue();
  }

  @Test
  void later_generations_see_earlier_attempts_and_solved_tasks() {
    log.startGeneration(
        1,
        List.of("t1", "t2"),
        List.of(seed(1, "t1", "agent-1", 1), seed(1, "t2", "agent-1", 1)),
        T0);
    log.record(attempt(1, "t1", "agent-1", 1, 1.0));
    log.record(attempt(1, "t2", "agent-1", 1, null));
    log.startGeneration(2, List.of("t1"), List.of(seed(2, "t1", "agent-2", 1)), T0);
    log.record(attempt(2, "t1", "agent-2", 1, 0.5));

    assertThat(log.solvedBefore(1)).isEmpty();
    assertThat(log.solvedBefore(2)).containsExactly("t1");
    assertThat(log.priorAttempts("t1", 2))
        .containsExactly(
            new SeedPackage.PriorAttempt(1, "agent-1", "finished", 1.0, true, "answer of agent-1"));
    assertThat(log.priorAttempts("t1", 3)).hasSize(2);
    assertThat(log.priorAttempts("t2", 2).getFirst().score()).isNull();
    assertThat(log.attempts(1)).extracting(AttemptRecord::score).containsExactly(1.0, null);
    AttemptRecord unanswered =
        new AttemptRecord(
            new AttemptKey(2, "t2", "agent-2", 1),
            "error",
            null,
            0.25,
            false,
            "no answer",
            null,
            T0);
    log.record(unanswered);
    assertThat(log.attempts(2))
        .filteredOn(a -> a.key().taskId().equals("t2"))
        .singleElement()
        .satisfies(a -> {
          assertThat(a.answer()).isNull();
          assertThat(a.score()).isEqualTo(0.25);
        });
    assertThat(log.summaries()).extracting(GenerationSummary::solvedSoFar).containsExactly(1, 1);
    assertThat(log.summaries().getFirst().scored()).isEqualTo(1);
  }

  @Test
  void a_resumed_log_continues_where_the_last_one_stopped() throws Exception {
    log.begin(TASKS, SETTINGS, T0);
    log.startGeneration(
        1, List.of("t1"), List.of(seed(1, "t1", "agent-1", 1), seed(1, "t1", "agent-2", 1)), T0);
    log.record(attempt(1, "t1", "agent-1", 1, 0.5));
    closeLog(log);

    log = reopen();

    assertThat(log.hasRun()).isTrue();
    assertThat(log.phase(1)).contains(GenerationPhase.ATTEMPTS);
    assertThat(log.seeds(1)).hasSize(2);
    assertThat(log.finishedKeys(1)).containsExactly("g1/t1/agent-1/1");
    assertThat(log.record(attempt(1, "t1", "agent-2", 1, 1.0))).isTrue();
    assertThat(log.attempts(1)).hasSize(2);
  }
}
