package io.kxm.core.context;

import java.time.Instant;
import java.util.List;

/**
 * An error, lesson, observation or experiment recorded in a workflow run's journal, as the context
 * tools show it. Summary and details are pattern-redacted on the way out.
 */
public record Episode(
    String id,
    String workflowRunId,
    String stageId,
    Integer attempt,
    String category,
    String area,
    String severity,
    String author,
    String summary,
    String details,
    List<String> evidence,
    Instant createdAt) {

  /** The journal categories that are episodes. */
  public static final List<String> CATEGORIES =
      List.of("error", "lesson", "observation", "experiment");

  public Episode {
    evidence = List.copyOf(evidence);
  }
}
