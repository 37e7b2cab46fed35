package io.kxm.knowledge.evolve;

import java.util.List;

/**
 * What a run of the loop left: every generation's scores and the tasks solved so far.
 *
 * @param stoppedEarly true when every task was solved before the last configured generation
 */
public record EvolutionResult(
    List<GenerationSummary> generations, int tasks, int solved, boolean stoppedEarly) {
  public EvolutionResult {
    generations = List.copyOf(generations);
  }
}
