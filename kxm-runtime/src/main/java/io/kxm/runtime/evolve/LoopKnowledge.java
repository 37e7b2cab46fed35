package io.kxm.runtime.evolve;

import io.kxm.runtime.knowledge.KnowledgeDatabase;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * The knowledge phases as the loop runs them on the knowledge database: forum rounds through {@link
 * ForumPhase} with the given voice, and distilling through the given step.
 */
public final class LoopKnowledge implements KnowledgePhases {
  private final ForumPhase forum;
  private final DistillStep distill;

  /** Distils a generation's bundles; see {@link KnowledgePhases#distill}. */
  @FunctionalInterface
  public interface DistillStep {
    void distill(int generation, List<EvolveTask> tasks, List<String> targets)
        throws InterruptedException;
  }

  /**
   * @param roundTimeout how long one forum round may run
   * @param notes where forum outcomes are reported, one line each
   */
  public LoopKnowledge(
      KnowledgeDatabase db,
      EvolveSettings settings,
      ForumVoice voice,
      Duration roundTimeout,
      DistillStep distill,
      Consumer<String> notes) {
    this.forum = new ForumPhase(db, settings, voice, roundTimeout, notes);
    this.distill = distill;
  }

  @Override
  public void forum(int generation, List<EvolveTask> tasks, List<AttemptRecord> attempts)
      throws InterruptedException {
    forum.run(generation, tasks, attempts);
  }

  @Override
  public void distill(int generation, List<EvolveTask> tasks, List<String> targets)
      throws InterruptedException {
    distill.distill(generation, tasks, targets);
  }
}
