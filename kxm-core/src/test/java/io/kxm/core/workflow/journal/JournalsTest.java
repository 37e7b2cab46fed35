package io.kxm.core.workflow.journal;

import static io.kxm.core.workflow.Fixtures.stage;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.Fixtures;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunFold;
import io.kxm.core.workflow.run.WorkflowRunStart;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JournalsTest {
  private final WorkflowDefinition definition =
      new WorkflowDefinition(
          "release",
          "demo",
          "lead",
          "go",
          "ENV",
          null,
          null,
          null,
          null,
          List.of(
              stage("build").build(),
              new io.kxm.core.workflow.definition.StageDefinition(
                  "docs", "write docs", List.of(), 1, null, null, null, null, null)));
  private final WorkflowRun run =
      WorkflowRunFold.fold(
          "wfr_1", WorkflowRunStart.events(definition, "d1", Fixtures.PAYLOAD_HASH, Fixtures.T0));

  private static ErrorCode code(Runnable r) {
    try {
      r.run();
      return null;
    } catch (KxmException e) {
      return e.code();
    }
  }

  private static RecordCommand command(
      String category, String area, String stageId, List<String> evidence, List<String> related) {
    return RecordCommand.of(
        "wfr_1", "lead", category, area, stageId, null, "summary", null, evidence, related);
  }

  private Journals.Outcome record(RecordCommand command, Set<String> existing) {
    return Journals.entry(definition, run, command, existing, "jrn_1", Fixtures.T0);
  }

  @Test
  void an_entry_bound_to_a_stage_takes_its_area_and_current_attempt() {
    Journals.Outcome outcome = record(command("error", null, "build", null, null), Set.of());

    assertThat(outcome)
        .isInstanceOfSatisfying(
            Journals.Outcome.Recorded.class,
            r -> {
              assertThat(r.entry().area()).isEqualTo(ImprovementArea.IMPLEMENTATION);
              assertThat(r.entry().attempt()).isEqualTo(1);
              assertThat(r.entry().severity()).isEqualTo(JournalSeverity.INFO);
              assertThat(r.entry().author()).isEqualTo("lead");
            });
  }

  @Test
  void each_wire_name_is_refused_with_its_own_code() {
    assertThat(code(() -> command("gossip", "workflow", null, null, null)))
        .isEqualTo(ErrorCode.INVALID_JOURNAL_CATEGORY);
    assertThat(code(() -> command("plan", "marketing", null, null, null)))
        .isEqualTo(ErrorCode.INVALID_IMPROVEMENT_AREA);
    assertThat(
            code(() ->
                RecordCommand.of(
                    "r", "lead", "plan", "other", null, "fatal", "s", null, null, null)))
        .isEqualTo(ErrorCode.INVALID_JOURNAL_SEVERITY);
    assertThat(JournalCategory.fromWire("skill-candidate"))
        .isEqualTo(JournalCategory.SKILL_CANDIDATE);
    assertThat(JournalCategory.fromWire("state-change")).isEqualTo(JournalCategory.STATE_CHANGE);
  }

  @Test
  void lessons_and_skill_candidates_need_evidence() {
    assertThat(code(() -> command("lesson", "workflow", null, List.of(), null)))
        .isEqualTo(ErrorCode.JOURNAL_EVIDENCE_REQUIRED);
    assertThat(code(() -> command("skill-candidate", "workflow", null, null, null)))
        .isEqualTo(ErrorCode.JOURNAL_EVIDENCE_REQUIRED);
    assertThat(code(() -> command("lesson", "workflow", null, List.of("run wfr_0 log"), null)))
        .isNull();
  }

  @Test
  void the_area_is_required_unless_the_stage_declares_one() {
    Journals.Outcome noStage = record(command("plan", null, null, null, null), Set.of());
    Journals.Outcome stageWithoutArea = record(command("plan", null, "docs", null, null), Set.of());

    assertThat(((Journals.Outcome.Refused) noStage).refusal().code())
        .isEqualTo(ErrorCode.INVALID_IMPROVEMENT_AREA);
    assertThat(((Journals.Outcome.Refused) stageWithoutArea).refusal().code())
        .isEqualTo(ErrorCode.INVALID_IMPROVEMENT_AREA);
  }

  @Test
  void relations_must_name_up_to_sixteen_existing_entries_of_the_run() {
    Journals.Outcome unknown =
        record(command("plan", "other", null, null, List.of("jrn_x")), Set.of("jrn_0"));
    List<String> seventeen =
        java.util.stream.IntStream.range(0, 17).mapToObj(i -> "jrn_" + i).toList();

    assertThat(((Journals.Outcome.Refused) unknown).refusal().code())
        .isEqualTo(ErrorCode.INVALID_JOURNAL_RELATION);
    assertThat(code(() -> command("plan", "other", null, null, seventeen)))
        .isEqualTo(ErrorCode.INVALID_JOURNAL_RELATION);
    assertThat(record(command("plan", "other", null, null, List.of("jrn_0")), Set.of("jrn_0")))
        .isInstanceOf(Journals.Outcome.Recorded.class);
  }

  @Test
  void limits_on_summary_details_and_evidence_are_enforced() {
    assertThat(
            code(() ->
                RecordCommand.of(
                    "r", "lead", "plan", "other", null, null, "s".repeat(1_001), null, null, null)))
        .isEqualTo(ErrorCode.VALUE_TOO_LONG);
    assertThat(
            code(() ->
                RecordCommand.of(
                    "r", "lead", "plan", "other", null, null, "s", "d".repeat(8_001), null, null)))
        .isEqualTo(ErrorCode.VALUE_TOO_LONG);
    assertThat(code(() -> command("plan", "other", null, Collections.nCopies(33, "e"), null)))
        .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(code(() -> command("plan", "other", null, List.of("e".repeat(1_001)), null)))
        .isEqualTo(ErrorCode.VALUE_TOO_LONG);
  }

  @Test
  void only_the_coordinator_may_journal() {
    RecordCommand stranger =
        RecordCommand.of("wfr_1", "eve", "plan", "other", null, null, "s", null, null, null);

    assertThat(((Journals.Outcome.Refused) record(stranger, Set.of())).refusal().code())
        .isEqualTo(ErrorCode.WORKFLOW_FORBIDDEN);
  }
}
