package io.kxm.core.workflow.journal;

import io.kxm.core.workflow.journal.ImprovementReport.AreaReport;
import io.kxm.core.workflow.journal.ImprovementReport.ImprovementSignal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Builds the improvement report from journal entries of many runs. Entries merge into one signal
 * when area, category and summary agree once the summary is redacted, lower-cased, stripped of
 * numbers and whitespace-folded, so "build failed after 3 tries" and "Build failed after 4 tries"
 * are one signal. Plans and state changes describe routine work and make no signals.
 */
public final class ImprovementReports {
  static final int PRIORITY_MAX = 10;
  static final int SIGNALS_MAX = 20;
  static final int ENTRIES_MAX = 100;
  private static final Set<JournalCategory> ROUTINE =
      EnumSet.of(JournalCategory.PLAN, JournalCategory.STATE_CHANGE);
  private static final Comparator<JournalEntry> PRIORITY =
      Comparator.comparingInt((JournalEntry e) -> -e.severity().weight())
          .thenComparingInt(e -> categoryRank(e.category()))
          .thenComparing(JournalEntry::createdAt, Comparator.reverseOrder())
          .thenComparing(JournalEntry::id);

  private ImprovementReports() {}

  public static ImprovementReport build(List<JournalEntry> all) {
    List<JournalEntry> entries = all.stream().map(JournalEntry::redacted).toList();
    return new ImprovementReport(reports(entries), signals(entries), newest(entries));
  }

  private static List<AreaReport> reports(List<JournalEntry> entries) {
    List<AreaReport> reports = new ArrayList<>();
    for (ImprovementArea area : ImprovementArea.values()) {
      List<JournalEntry> inArea = entries.stream().filter(e -> e.area() == area).toList();
      if (inArea.isEmpty()) {
        continue;
      }
      reports.add(
          new AreaReport(
              area,
              count(inArea, JournalCategory.ERROR),
              count(inArea, JournalCategory.CONTRADICTION),
              count(inArea, JournalCategory.LESSON),
              inArea.stream().sorted(PRIORITY).limit(PRIORITY_MAX).toList()));
    }
    return reports;
  }

  private static List<ImprovementSignal> signals(List<JournalEntry> entries) {
    Map<String, List<JournalEntry>> groups = new LinkedHashMap<>();
    entries.stream()
        .filter(e -> !ROUTINE.contains(e.category()))
        .sorted(Comparator.comparing(JournalEntry::createdAt).reversed())
        .forEach(e -> groups.computeIfAbsent(signature(e), k -> new ArrayList<>()).add(e));
    return groups.values().stream()
        .map(ImprovementReports::merge)
        .sorted(
            Comparator.comparing((ImprovementSignal s) -> s.area() != ImprovementArea.SECURITY)
                .thenComparing(ImprovementSignal::score, Comparator.reverseOrder())
                .thenComparing(ImprovementSignal::summary))
        .limit(SIGNALS_MAX)
        .toList();
  }

  private static ImprovementSignal merge(List<JournalEntry> group) {
    JournalEntry newest = group.getFirst();
    JournalSeverity severity =
        group.stream()
            .map(JournalEntry::severity)
            .max(Comparator.comparingInt(JournalSeverity::weight))
            .orElseThrow();
    int attemptCost =
        group.stream().mapToInt(e -> e.attempt() == null ? 1 : e.attempt()).max().orElse(1);
    int evidence = group.stream().mapToInt(e -> e.evidence().size()).sum();
    double confidence = 1 + Math.min(evidence, 4) / 4.0;
    double score = group.size() * severity.weight() * attemptCost * confidence;
    return new ImprovementSignal(
        newest.area(),
        newest.category(),
        newest.summary(),
        group.size(),
        (int) group.stream().map(JournalEntry::runId).distinct().count(),
        severity,
        attemptCost,
        confidence,
        score,
        group.stream().map(JournalEntry::id).limit(PRIORITY_MAX).toList());
  }

  static String signature(JournalEntry e) {
    String text =
        e.summary()
            .toLowerCase(Locale.ROOT)
            .replaceAll("[0-9]+", "#")
            .replaceAll("\\s+", " ")
            .strip();
    return e.area().wire() + "|" + e.category().wire() + "|" + text;
  }

  private static List<JournalEntry> newest(List<JournalEntry> entries) {
    return entries.stream()
        .sorted(
            Comparator.comparing(JournalEntry::createdAt)
                .reversed()
                .thenComparing(JournalEntry::id))
        .limit(ENTRIES_MAX)
        .toList();
  }

  private static int count(List<JournalEntry> entries, JournalCategory category) {
    return (int) entries.stream().filter(e -> e.category() == category).count();
  }

  private static int categoryRank(JournalCategory category) {
    return switch (category) {
      case ERROR -> 0;
      case CONTRADICTION -> 1;
      case LESSON -> 2;
      case SKILL_CANDIDATE -> 3;
      default -> 4;
    };
  }
}
