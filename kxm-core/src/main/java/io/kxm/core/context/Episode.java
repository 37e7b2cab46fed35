package io.kxm.core.context;

import io.kxm.core.secret.Redactor;
import java.time.Instant;
import java.util.List;

/**
 * An error, lesson, observation or experiment recorded in a workflow run's journal, as the context
 * tools show it. Stored as recorded; {@link #redacted()} is what every read shows.
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

  /** The same episode with summary, details and every evidence item passed through the redactor. */
  public Episode redacted() {
    return new Episode(
        id,
        workflowRunId,
        stageId,
        attempt,
        category,
        area,
        severity,
        author,
        Redactor.redact(summary),
        Redactor.redact(details),
        evidence.stream().map(Redactor::redact).toList(),
        createdAt);
  }
}
