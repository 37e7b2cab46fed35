package io.kxm.knowledge.evolve;

/**
 * Names one attempt for good: generation, task, agent and the attempt's number for that agent and
 * task in that generation. A resumed run skips every key the database already holds, so no finished
 * attempt runs twice.
 */
public record AttemptKey(int generation, String taskId, String agent, int attempt) {
  public AttemptKey {
    if (generation < 1 || attempt < 1) {
      throw new IllegalArgumentException("generation and attempt count from 1");
    }
  }

  /** The stored form, {@code g2/mirror-a/agent-1/1}. */
  public String key() {
    return "g" + generation + "/" + taskId + "/" + agent + "/" + attempt;
  }
}
