package io.kxm.knowledge.evolve;

import java.util.Objects;

/**
 * How one attempt scored.
 *
 * @param score from 0 to 1: the share of test grids answered exactly, or 1/0 for a gate
 * @param solved whether the attempt solved the task
 * @param detail one line for people: what matched, or why the gate refused
 */
public record Evaluation(double score, boolean solved, String detail) {
  public Evaluation {
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("score " + score + " is outside 0..1");
    }
    Objects.requireNonNull(detail, "detail");
  }
}
