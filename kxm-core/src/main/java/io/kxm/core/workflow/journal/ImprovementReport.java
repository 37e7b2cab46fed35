package io.kxm.core.workflow.journal;

import java.util.List;

/**
 * {@code kxm_improvement_report}: what a project's runs learned, grouped by area, with ranked
 * signals. It proposes; it changes no workflow or policy. All text is redacted.
 *
 * @param reports one per area that has entries
 * @param signals up to 20 merged signals, security first, then by score
 * @param entries the entries considered, newest first, at most 100
 */
public record ImprovementReport(
    List<AreaReport> reports, List<ImprovementSignal> signals, List<JournalEntry> entries) {

  public ImprovementReport {
    reports = List.copyOf(reports);
    signals = List.copyOf(signals);
    entries = List.copyOf(entries);
  }

  /**
   * One area's counts and its most pressing entries.
   *
   * @param priority up to 10 entries: most severe first, then errors, contradictions and lessons,
   *     then newest
   */
  public record AreaReport(
      ImprovementArea area,
      int errors,
      int contradictions,
      int lessons,
      List<JournalEntry> priority) {
    public AreaReport {
      priority = List.copyOf(priority);
    }
  }

  /**
   * Entries that say the same thing, merged across runs.
   *
   * @param frequency how many entries it merges
   * @param runs how many distinct runs they came from
   * @param severity the highest severity among them
   * @param attemptCost the highest stage attempt they were recorded at
   * @param evidenceConfidence 1 without evidence, up to 2 with four or more items
   * @param score frequency × severity × attempt cost × evidence confidence
   */
  public record ImprovementSignal(
      ImprovementArea area,
      JournalCategory category,
      String summary,
      int frequency,
      int runs,
      JournalSeverity severity,
      int attemptCost,
      double evidenceConfidence,
      double score,
      List<String> entryIds) {
    public ImprovementSignal {
      entryIds = List.copyOf(entryIds);
    }
  }
}
