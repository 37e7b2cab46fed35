package io.kxm.store.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.journal.ImprovementArea;
import io.kxm.core.workflow.journal.JournalCategory;
import io.kxm.core.workflow.journal.JournalEntry;
import io.kxm.core.workflow.journal.JournalSeverity;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What every {@link WorkflowJournalStore} must do, on SQLite and on PostgreSQL. */
abstract class WorkflowJournalStoreContract extends WorkflowStoreContract {

  static JournalEntry entry(String id, String runId, String project, Instant at) {
    return new JournalEntry(
        id,
        runId,
        project,
        "build",
        2,
        JournalCategory.LESSON,
        ImprovementArea.GATES,
        JournalSeverity.WARNING,
        "lead",
        "pin the linter",
        "details here",
        List.of("ci log line 12", "second"),
        List.of(),
        at);
  }

  @Test
  void entries_read_back_whole_and_in_order_for_their_run() {
    StoredRun run = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    JournalEntry first = entry("jrn_1" + project, run.id(), project, clock.instant());
    clock.tick(Duration.ofSeconds(1));
    JournalEntry second =
        new JournalEntry(
            "jrn_2" + project,
            run.id(),
            project,
            null,
            null,
            JournalCategory.PLAN,
            ImprovementArea.OTHER,
            JournalSeverity.INFO,
            "lead",
            "plan",
            null,
            List.of(),
            List.of(first.id()),
            clock.instant());

    journal.insert(second);
    journal.insert(first);

    assertThat(journal.forRun(run.id())).containsExactly(first, second);
  }

  @Test
  void a_project_journal_spans_runs_newest_first_within_the_limit() {
    StoredRun a = created(runs.create(newRun(definition("release", "lead"), "d-1")));
    StoredRun b = created(runs.create(newRun(definition("release", "lead"), "d-2")));
    for (int i = 0; i < 3; i++) {
      clock.tick(Duration.ofSeconds(1));
      journal.insert(entry("jrn_a" + i + project, a.id(), project, clock.instant()));
      journal.insert(entry("jrn_b" + i + project, b.id(), project, clock.instant()));
    }

    List<JournalEntry> newest = journal.forProject(project, 4);

    assertThat(newest).hasSize(4);
    assertThat(newest.getFirst().createdAt()).isEqualTo(clock.instant());
    assertThat(newest).extracting(JournalEntry::runId).contains(a.id(), b.id());
    assertThat(journal.forProject(project + "-other", 10)).isEmpty();
  }

  @Test
  void an_entry_for_a_run_the_store_does_not_hold_is_refused() {
    assertThatThrownBy(
            () -> journal.insert(entry("jrn_x" + project, "wfr_missing", project, clock.instant())))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STORE_CONFLICT));
  }
}
