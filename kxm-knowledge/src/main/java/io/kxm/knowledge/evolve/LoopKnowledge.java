package io.kxm.knowledge.evolve;

import io.kxm.knowledge.DistillationOutcome;
import io.kxm.knowledge.DistillationProducer;
import io.kxm.knowledge.Distiller;
import io.kxm.knowledge.KnowledgeStore;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The knowledge phases as the loop runs them on the knowledge database: forum rounds through {@link
 * ForumPhase} with the given voice, and distilling through the knowledge layer's {@link Distiller}:
 * a bundle per task, and a cross-task bundle conditioned on each task the next generation seeds.
 */
public final class LoopKnowledge implements KnowledgePhases {
  private final ForumPhase forum;
  private final Distiller distiller;
  private final Consumer<String> notes;

  /**
   * @param roundTimeout how long one forum round may run
   * @param notes where forum and distilling outcomes are reported, one line each
   */
  public LoopKnowledge(
      KnowledgeStore db,
      EvolveSettings settings,
      ForumVoice voice,
      DistillationProducer distillation,
      Duration roundTimeout,
      Consumer<String> notes) {
    this.forum = new ForumPhase(db, settings, voice, roundTimeout, notes);
    this.distiller = new Distiller(db, distillation);
    this.notes = notes;
  }

  @Override
  public void forum(int generation, List<EvolveTask> tasks, List<AttemptRecord> attempts)
      throws InterruptedException {
    forum.run(generation, tasks, attempts);
  }

  @Override
  public void distill(int generation, List<EvolveTask> tasks, List<String> targets)
      throws InterruptedException {
    DistillationOutcome outcome =
        distiller.distill(generation, tasks.stream().map(EvolveTask::id).toList(), targets, true);
    notes.accept(
        "distilled "
            + outcome.perTask().size()
            + " per-task and "
            + outcome.crossTask().size()
            + " cross-task bundles"
            + (outcome.failures().isEmpty() ? "" : "; failed: " + outcome.failures()));
  }
}
