package io.kxm.knowledge.evolve;

import io.kxm.core.json.Json;
import java.util.List;
import java.util.Objects;

/**
 * Everything an agent starts an attempt with, stored before the attempt runs so that a resumed run
 * and a later reader see exactly what the agent saw.
 *
 * @param task the task with its test outputs left out
 * @param priorAttempts earlier attempts at this task, oldest first
 * @param bundles distilled knowledge for this task: its own bundles, cross-task ones, injected ones
 * @param memoryBrief the memory brief; null when memory is off or unavailable (see notes)
 * @param notes why a part of the seed is missing, for people reading it later
 */
public record SeedPackage(
    AttemptKey key,
    EvolveTask task,
    List<PriorAttempt> priorAttempts,
    List<SeedBundle> bundles,
    String memoryBrief,
    List<String> notes) {
  public SeedPackage {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(task, "task");
    priorAttempts = List.copyOf(priorAttempts);
    bundles = List.copyOf(bundles);
    notes = List.copyOf(notes);
  }

  /** An earlier attempt as a seed shows it: who, when, how it scored, and what it answered. */
  public record PriorAttempt(
      int generation, String agent, String status, Double score, boolean solved, String answer) {}

  /** A distilled bundle entry of the knowledge database, by id. */
  public record SeedBundle(String entryId, String sourcePhase, String taskId, String content) {}

  public String toJson() {
    return Json.write(this);
  }

  public static SeedPackage fromJson(String json) {
    return Json.read(json, SeedPackage.class);
  }

  /** The task as an agent may see it: every training pair, test inputs without their outputs. */
  public static EvolveTask withoutTestOutputs(EvolveTask task) {
    return new EvolveTask(
        task.id(),
        task.train(),
        task.test().stream().map(p -> new GridPair(p.input(), null)).toList());
  }
}
