package io.kxm.core.workflow.journal;

import io.kxm.core.check.Require;
import io.kxm.core.secret.Redactor;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One entry of a run's learning journal, as stored.
 *
 * @param stageId the stage it is bound to, or null
 * @param attempt the stage attempt the hub derived, or null without a stage
 * @param author the agent that recorded it
 * @param details longer text, or null
 * @param evidence what supports it; at least one item for lessons and skill candidates
 * @param relatedEntryIds earlier entries of the same run
 */
public record JournalEntry(
    String id,
    String runId,
    String project,
    String stageId,
    Integer attempt,
    JournalCategory category,
    ImprovementArea area,
    JournalSeverity severity,
    String author,
    String summary,
    String details,
    List<String> evidence,
    List<String> relatedEntryIds,
    Instant createdAt) {

  public JournalEntry {
    Require.label(id, "journal entry id", 64);
    Require.present(runId, "runId");
    Require.present(project, "project");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(area, "area");
    Objects.requireNonNull(severity, "severity");
    Require.present(author, "author");
    Require.text(summary, "summary", JournalLimits.SUMMARY_MAX);
    evidence = List.copyOf(evidence);
    relatedEntryIds = List.copyOf(relatedEntryIds);
    Require.present(createdAt, "createdAt");
  }

  /** The same entry with its texts passed through {@code redact}, for reports and exports. */
  public JournalEntry redacted() {
    return new JournalEntry(
        id,
        runId,
        project,
        stageId,
        attempt,
        category,
        area,
        severity,
        author,
        Redactor.redact(summary),
        details == null ? null : Redactor.redact(details),
        evidence.stream().map(Redactor::redact).toList(),
        relatedEntryIds,
        createdAt);
  }
}
