package io.kxm.knowledge;

/** The phases that write knowledge, as stored in an entry's {@code sourcePhase}. */
public final class SourcePhases {
  public static final String EXECUTION = "execution";
  public static final String PER_TASK_FORUM = "per_task_forum";
  public static final String CROSS_TASK_FORUM = "cross_task_forum";
  public static final String PER_TASK_DISTILL = "per_task_distill";
  public static final String CROSS_TASK_DISTILL = "cross_task_distill";
  public static final String SEED_BUNDLE = "seed_bundle";

  /** The task id of entries that belong to every task (the cross-task room, broadcast bundles). */
  public static final String CROSS_TASK = "__cross_task__";

  private SourcePhases() {}
}
