package io.kxm.cli.evolve;

import io.kxm.runtime.evolve.LoopKnowledge;
import io.kxm.runtime.knowledge.KnowledgeDatabase;
import java.util.function.Consumer;

/** The distilling step of the loop. */
final class EvolveDistilling {
  private EvolveDistilling() {}

  static LoopKnowledge.DistillStep step(
      KnowledgeDatabase db, boolean simulated, Consumer<String> notes) {
    return (generation, tasks, targets) ->
        notes.accept("distilling of generation " + generation + " skipped: TEMPORARY");
  }
}
