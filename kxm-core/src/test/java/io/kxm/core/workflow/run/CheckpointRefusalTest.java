package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.FAILED;
import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static io.kxm.core.workflow.run.RunDriver.refusal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.WorkflowRefusal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckpointRefusalTest {
  private final RunDriver d =
      new RunDriver(workflow(stage("build").evidence("Unit Tests", "lint"), stage("ship")));

  private Decision checkpoint(String caller, String stageId, CheckpointStatus status) {
    return Checkpoints.decide(
        d.definition,
        d.run,
        new CheckpointCommand(d.run.id(), caller, stageId, status, "s", Map.of(), Map.of()),
        Map.of(),
        d.now);
  }

  private static ErrorCode code(Runnable command) {
    try {
      command.run();
    } catch (KxmException e) {
      return e.code();
    }
    throw new AssertionError("no refusal");
  }

  @Test
  void another_agent_is_forbidden_and_told_who_the_coordinator_is() {
    WorkflowRefusal refusal = refusal(checkpoint("mallory", "build", FAILED));

    assertThat(refusal.code()).isEqualTo(ErrorCode.WORKFLOW_FORBIDDEN);
    assertThat(refusal.message()).contains("'lead'");
    assertThat(refusal.details()).containsEntry("coordinator", "lead");
    assertThat(WorkflowRunGuards.coordinator(d.run, "LEAD")).isEmpty();
  }

  @Test
  void a_checkpoint_for_another_stage_is_out_of_order() {
    WorkflowRefusal refusal = refusal(checkpoint("lead", "ship", FAILED));

    assertThat(refusal.code()).isEqualTo(ErrorCode.WORKFLOW_STAGE_OUT_OF_ORDER);
    assertThat(refusal.details()).containsEntry("currentStage", "build");
  }

  @Test
  void a_finished_run_refuses_checkpoints_as_terminal() {
    d.apply(CoordinatorEvents.replied(d.run, "msg_prompt_1", d.now));

    assertThat(refusal(checkpoint("lead", "build", FAILED)).code())
        .isEqualTo(ErrorCode.WORKFLOW_TERMINAL);
  }

  @Test
  void a_waiting_run_refuses_checkpoints_as_not_running() {
    d.waitFor("ci", Duration.ofMinutes(1));

    assertThat(refusal(checkpoint("lead", "build", FAILED)).code())
        .isEqualTo(ErrorCode.WORKFLOW_NOT_RUNNING);
  }

  @Test
  void passed_without_every_required_key_lists_what_is_missing() {
    WorkflowRefusal refusal = refusal(d.checkpoint(PASSED, Map.of("unit tests", "ok")));

    assertThat(refusal.code()).isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE);
    assertThat(refusal.details()).containsEntry("missingRequirements", List.of("lint"));
    assertThat(refusal.message()).contains("lint");
    assertThat(d.run.progress("build").attemptsUsed()).isZero();
  }

  @Test
  void evidence_keys_match_after_trimming_folding_whitespace_and_lower_casing() {
    d.checkpoint(PASSED, Map.of("  UNIT \t tests ", "412 passed", "Lint", "clean"));

    assertThat(d.run.currentStage()).isEqualTo("ship");
    assertThat(d.run.progress("build").checkpoints().getFirst().evidence())
        .containsOnlyKeys("unit tests", "lint");
  }

  @Test
  void a_failing_checkpoint_needs_no_evidence() {
    d.checkpoint(FAILED, Map.of());

    assertThat(d.run.currentAttempt()).isEqualTo(2);
  }

  @Test
  void evidence_refs_go_with_passed_only() {
    assertThat(
            code(() ->
                new CheckpointCommand(
                    "r",
                    "lead",
                    "build",
                    FAILED,
                    "s",
                    Map.of(),
                    Map.of("review", List.of("msg_1")))))
        .isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
  }

  @Test
  void evidence_refs_are_bounded_per_requirement_and_in_total() {
    Map<String, List<String>> tooMany = new HashMap<>();
    for (int i = 0; i < 33; i++) {
      tooMany.put("r" + i, List.of("m"));
    }
    List<String> seventeen =
        java.util.stream.IntStream.range(0, 17).mapToObj(i -> "m" + i).toList();

    assertThat(code(() -> passedWithRefs(tooMany)))
        .isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
    assertThat(code(() -> passedWithRefs(Map.of("review", List.of()))))
        .isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
    assertThat(code(() -> passedWithRefs(Map.of("review", seventeen))))
        .isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
    assertThat(code(() -> passedWithRefs(Map.of("review", List.of("m", "m")))))
        .isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
  }

  @Test
  void refs_for_a_requirement_without_a_peer_policy_are_refused() {
    WorkflowRefusal refusal =
        refusal(d.checkpoint(PASSED, Map.of(), Map.of("lint", List.of("msg_1")), Map.of()));

    assertThat(refusal.code()).isEqualTo(ErrorCode.INVALID_WORKFLOW_EVIDENCE_REFS);
  }

  @Test
  void summary_and_evidence_limits_are_enforced() {
    Map<String, String> wide = new HashMap<>();
    for (int i = 0; i < 65; i++) {
      wide.put("k" + i, "v");
    }

    assertThat(code(() -> withSummary("x".repeat(4_001)))).isEqualTo(ErrorCode.VALUE_TOO_LONG);
    withSummary("x".repeat(4_000));
    assertThat(code(() -> withEvidence(wide))).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE);
    assertThat(code(() -> withEvidence(Map.of("k", "v".repeat(1_001)))))
        .isEqualTo(ErrorCode.VALUE_TOO_LONG);
    assertThat(code(() -> withEvidence(Map.of("Lint", "a", "lint ", "b"))))
        .isEqualTo(ErrorCode.INVALID_REQUEST);
  }

  private static void passedWithRefs(Map<String, List<String>> refs) {
    new CheckpointCommand("r", "lead", "build", PASSED, "s", Map.of(), refs);
  }

  private static void withSummary(String summary) {
    new CheckpointCommand("r", "lead", "build", FAILED, summary, Map.of(), Map.of());
  }

  private static void withEvidence(Map<String, String> evidence) {
    new CheckpointCommand("r", "lead", "build", FAILED, "s", evidence, Map.of());
  }

  @Test
  void a_refusal_becomes_an_exception_with_its_details() {
    WorkflowRefusal refusal = refusal(d.checkpoint(PASSED, Map.of()));

    assertThatThrownBy(
            () -> {
              throw refusal.toException();
            })
        .isInstanceOfSatisfying(
            io.kxm.core.workflow.WorkflowRefusedException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE);
              assertThat(e.details()).containsKey("missingRequirements");
            });
  }
}
