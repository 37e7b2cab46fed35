package io.kxm.knowledge.evolve;

import java.util.List;

/** Hears an evolution's progress as it happens; the CLI prints it on stderr. */
public interface EvolutionListener {
  EvolutionListener NONE = new EvolutionListener() {};

  default void generationStarted(int generation, List<String> taskIds, boolean resumed) {}

  /** An attempt the database already held was skipped on resume. */
  default void attemptSkipped(AttemptKey key) {}

  default void attemptFinished(AttemptRecord attempt) {}

  default void phaseStarted(int generation, GenerationPhase phase) {}

  default void generationFinished(GenerationSummary summary) {}

  /** Something a person should know: a phase skipped, a part of a seed left out. */
  default void note(String text) {}
}
