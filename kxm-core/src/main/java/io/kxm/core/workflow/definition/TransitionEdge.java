package io.kxm.core.workflow.definition;

import io.kxm.core.check.Require;
import io.kxm.core.workflow.WorkflowLimits;

/**
 * Where a checkpoint outcome routes the run instead of the default (next stage on {@code passed},
 * retry otherwise). Back-edges to earlier stages are allowed; every edge is bounded.
 *
 * @param to the target stage ID
 * @param maxTransitions how often this edge may be taken in one run; null leaves only the stage's
 *     and the definition's budgets
 */
public record TransitionEdge(String to, Integer maxTransitions) {

  public TransitionEdge {
    Require.label(to, "to", WorkflowLimits.ID_MAX);
    if (maxTransitions != null && maxTransitions < 1) {
      throw new IllegalArgumentException("an edge's maxTransitions must be at least 1");
    }
  }
}
