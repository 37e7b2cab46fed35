package io.kxm.knowledge.evolve;

import java.util.Objects;

/**
 * One example of a task: an input grid and the output the rule makes of it. A test pair's output
 * may be null when the task file hides it; only a gate evaluator can score such a task.
 */
public record GridPair(Grid input, Grid output) {
  public GridPair {
    Objects.requireNonNull(input, "input");
  }
}
