package io.kxm.knowledge;

import java.util.List;

/**
 * What one bundle is distilled from.
 *
 * @param scope per-task, or cross-task (conditioned on one target, or broadcast to every task)
 * @param targetTaskId the task the bundle is for; {@link SourcePhases#CROSS_TASK} when broadcast
 * @param material the entries to condense, oldest first
 */
public record DistillationRequest(
    Scope scope, String targetTaskId, int generation, List<KnowledgeEntry> material) {
  /** Which kind of bundle is asked for. */
  public enum Scope {
    PER_TASK,
    CROSS_TASK
  }

  public DistillationRequest {
    material = List.copyOf(material);
  }

  /** The source phase of the distillation entry it produces. */
  public String sourcePhase() {
    return scope == Scope.PER_TASK
        ? SourcePhases.PER_TASK_DISTILL
        : SourcePhases.CROSS_TASK_DISTILL;
  }

  /** A prompt for a model-backed producer: the instruction, then the material as Markdown. */
  public String prompt() {
    StringBuilder out = new StringBuilder();
    if (scope == Scope.PER_TASK) {
      out.append("Distill what was learned about task ")
          .append(targetTaskId)
          .append(" into guidance for the next attempt at it.");
    } else if (SourcePhases.CROSS_TASK.equals(targetTaskId)) {
      out.append("Distill what carries over between tasks into guidance for every task.");
    } else {
      out.append("Distill what other tasks teach into guidance for task ")
          .append(targetTaskId)
          .append('.');
    }
    out.append(" Keep rules that held up and say which attempts disproved others.\n");
    for (KnowledgeEntry e : material) {
      out.append("\n## ")
          .append(e.type().wireName())
          .append(" on ")
          .append(e.taskId())
          .append(" by ")
          .append(e.author());
      if (e.score() != null) {
        out.append(" (score ").append(e.score()).append(')');
      }
      out.append('\n').append(e.content()).append('\n');
    }
    return out.toString();
  }
}
