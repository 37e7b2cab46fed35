package io.kxm.knowledge.evolve;

import io.kxm.knowledge.KnowledgeStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What an evolution keeps: the run's identity, each generation's tasks, phase and seeds, every
 * finished attempt and the best state per task, beside the knowledge entries they produce. {@link
 * EvolutionStore} keeps it in tables of the knowledge database.
 *
 * <p>Each change is one transaction: a generation starts with all its seeds or not at all, and a
 * finished attempt commits with its knowledge entry and its task's best state, so a crash leaves it
 * wholly recorded or absent; a refused attempt leaves neither. Recording is idempotent by attempt
 * key. Seeds and attempts read in run order (task, attempt number, agent), prior attempts oldest
 * generation first, summaries by generation. A resumed run over other tasks or another population
 * is refused with {@code evolve_run_mismatch}.
 */
public interface EvolutionLog {

  /** The knowledge database the entries of this evolution go to. */
  KnowledgeStore database();

  /**
   * Records this run's identity, or checks that a resumed run is the same one: the same tasks and
   * the same population, since both decide which attempts exist.
   */
  void begin(String tasksSha256, EvolveSettings settings, Instant now);

  /** Whether {@link #begin} recorded a run. */
  boolean hasRun();

  /** The generation's phase; empty when it has not started. */
  Optional<GenerationPhase> phase(int generation);

  /** Starts a generation in {@code attempts} with its tasks and every attempt's seed. */
  void startGeneration(int generation, List<String> taskIds, List<SeedPackage> seeds, Instant now);

  /** Moves a started generation to {@code phase}; reaching {@code done} stamps its end. */
  void setPhase(int generation, GenerationPhase phase, Instant now);

  /** The generation's seeds in the order their attempts run: by task, then attempt number. */
  List<SeedPackage> seeds(int generation);

  /** Keys of the generation's finished attempts. */
  Set<String> finishedKeys(int generation);

  /**
   * Commits a finished attempt with its knowledge entry and its task's best state. Recording a key
   * that is already stored changes nothing and returns false.
   */
  boolean record(AttemptRecord attempt);

  /** Earlier attempts at {@code taskId}, from generations before {@code generation}. */
  List<SeedPackage.PriorAttempt> priorAttempts(String taskId, int generation);

  /** Tasks solved in a generation before {@code generation}. */
  Set<String> solvedBefore(int generation);

  /** Every finished attempt of the generation, in run order. */
  List<AttemptRecord> attempts(int generation);

  /** One summary per started generation, in order. */
  List<GenerationSummary> summaries();
}
