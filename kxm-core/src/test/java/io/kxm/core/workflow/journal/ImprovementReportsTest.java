package io.kxm.core.workflow.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Redactor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImprovementReportsTest {
  private static int n;

  private static JournalEntry entry(
      String run,
      JournalCategory category,
      ImprovementArea area,
      JournalSeverity severity,
      String summary,
      Integer attempt,
      int evidence) {
    n++;
    List<String> items = new ArrayList<>();
    for (int i = 0; i < evidence; i++) {
      items.add("evidence " + i);
    }
    return new JournalEntry(
        "jrn_" + n,
        run,
        "demo",
        attempt == null ? null : "build",
        attempt,
        category,
        area,
        severity,
        "lead",
        summary,
        null,
        items,
        List.of(),
        Instant.EPOCH.plusSeconds(n));
  }

  @Test
  void areas_count_errors_contradictions_and_lessons_and_rank_up_to_ten_entries() {
    List<JournalEntry> entries = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      entries.add(
          entry(
              "r1",
              JournalCategory.OBSERVATION,
              ImprovementArea.GATES,
              JournalSeverity.INFO,
              "note " + i,
              null,
              0));
    }
    entries.add(
        entry(
            "r1",
            JournalCategory.ERROR,
            ImprovementArea.GATES,
            JournalSeverity.ERROR,
            "gate crashed",
            1,
            0));
    entries.add(
        entry(
            "r2",
            JournalCategory.CONTRADICTION,
            ImprovementArea.GATES,
            JournalSeverity.WARNING,
            "docs disagree",
            1,
            0));
    entries.add(
        entry(
            "r2",
            JournalCategory.LESSON,
            ImprovementArea.GATES,
            JournalSeverity.INFO,
            "pin the linter",
            1,
            1));

    ImprovementReport report = ImprovementReports.build(entries);

    ImprovementReport.AreaReport gates = report.reports().getFirst();
    assertThat(report.reports()).hasSize(1);
    assertThat(gates.area()).isEqualTo(ImprovementArea.GATES);
    assertThat(gates.errors()).isEqualTo(1);
    assertThat(gates.contradictions()).isEqualTo(1);
    assertThat(gates.lessons()).isEqualTo(1);
    assertThat(gates.priority()).hasSize(10);
    assertThat(gates.priority().getFirst().summary()).isEqualTo("gate crashed");
    assertThat(gates.priority().get(1).summary()).isEqualTo("docs disagree");
  }

  @Test
  void duplicates_merge_across_runs_and_security_ranks_first_then_the_score() {
    List<JournalEntry> entries = new ArrayList<>();
    for (int run = 0; run < 3; run++) {
      entries.add(
          entry(
              "r" + run,
              JournalCategory.ERROR,
              ImprovementArea.HARNESS,
              JournalSeverity.ERROR,
              "Build failed after " + (run + 2) + " tries",
              3,
              2));
    }
    entries.add(
        entry(
            "r9",
            JournalCategory.OBSERVATION,
            ImprovementArea.SECURITY,
            JournalSeverity.INFO,
            "token printed in log: ghp_abcdefghijklmnopqrstuvwxyz0123",
            null,
            0));
    entries.add(
        entry(
            "r9",
            JournalCategory.PLAN,
            ImprovementArea.HARNESS,
            JournalSeverity.ERROR,
            "plan it",
            5,
            0));

    ImprovementReport report = ImprovementReports.build(entries);

    assertThat(report.signals()).hasSize(2);
    ImprovementReport.ImprovementSignal security = report.signals().getFirst();
    assertThat(security.area()).isEqualTo(ImprovementArea.SECURITY);
    assertThat(security.summary()).doesNotContain("ghp_").contains(Redactor.MASK);
    ImprovementReport.ImprovementSignal build = report.signals().get(1);
    assertThat(build.frequency()).isEqualTo(3);
    assertThat(build.runs()).isEqualTo(3);
    assertThat(build.attemptCost()).isEqualTo(3);
    assertThat(build.evidenceConfidence()).isEqualTo(2.0);
    assertThat(build.score()).isEqualTo(3 * 3 * 3 * 2.0);
    assertThat(report.entries()).hasSize(5);
    assertThat(report.entries()).allSatisfy(e -> assertThat(e.summary()).doesNotContain("ghp_"));
  }

  @Test
  void at_most_twenty_signals_are_kept() {
    List<JournalEntry> entries = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      entries.add(
          entry(
              "r",
              JournalCategory.ERROR,
              ImprovementArea.OTHER,
              JournalSeverity.INFO,
              "distinct problem " + (char) ('a' + i % 26) + (i / 26),
              null,
              0));
    }

    assertThat(ImprovementReports.build(entries).signals()).hasSize(20);
  }
}
