package io.kxm.knowledge.evolve;

import java.util.List;

/**
 * The knowledge work after a generation's attempts: forum rounds, then distilling bundles for the
 * next generation's seeds. The loop calls each phase only when the settings ask for it.
 */
public interface KnowledgePhases {

  /**
   * Runs the per-task rounds (one room per task, its attempters as participants), then the
   * cross-task rounds (one room, every agent).
   */
  void forum(int generation, List<EvolveTask> tasks, List<AttemptRecord> attempts)
      throws InterruptedException;

  /**
   * Distils bundles from what the generation left: one per task, and cross-task ones for each of
   * {@code targets}, the tasks the next generation will seed.
   */
  void distill(int generation, List<EvolveTask> tasks, List<String> targets)
      throws InterruptedException;
}
