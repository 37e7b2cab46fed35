package io.kxm.knowledge.evolve;

/** Scores an agent's answer to a task. Never throws for a wrong or malformed answer. */
public interface AttemptEvaluator {

  Evaluation evaluate(EvolveTask task, String answer);

  /**
   * Refuses tasks this evaluator cannot score before any attempt runs.
   *
   * @throws io.kxm.core.error.KxmException {@code evolve_tasks_invalid} naming the task and field
   */
  default void check(EvolveTask task) {}
}
