package io.kxm.knowledge;

import java.util.List;
import java.util.Map;

/**
 * What one distillation phase wrote.
 *
 * @param failures target task id to the (redacted) reason its producer failed; nothing was written
 *     for those
 */
public record DistillationOutcome(
    List<KnowledgeEntry> perTask, List<KnowledgeEntry> crossTask, Map<String, String> failures) {
  public DistillationOutcome {
    perTask = List.copyOf(perTask);
    crossTask = List.copyOf(crossTask);
    failures = Map.copyOf(failures);
  }
}
