package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.FAILED;
import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static io.kxm.core.workflow.run.RunDriver.refusal;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WaitAndSignalTest {
  private final RunDriver d =
      new RunDriver(workflow(stage("build").evidence("tests", "pr"), stage("ship")));

  private static ErrorCode waitCode(String key, Duration timeout) {
    try {
      new WaitCommand("r", "lead", "build", key, "s", Map.of(), Map.of(), timeout);
      return null;
    } catch (KxmException e) {
      return e.code();
    }
  }

  @Test
  void signal_keys_follow_their_pattern_and_length() {
    assertThat(waitCode("github-pr-42:checks.v2_a", null)).isNull();
    assertThat(waitCode("a".repeat(128), null)).isNull();
    assertThat(waitCode("a".repeat(129), null)).isEqualTo(ErrorCode.INVALID_SIGNAL_KEY);
    assertThat(waitCode("-leading-dash", null)).isEqualTo(ErrorCode.INVALID_SIGNAL_KEY);
    assertThat(waitCode("has space", null)).isEqualTo(ErrorCode.INVALID_SIGNAL_KEY);
    assertThat(waitCode("", null)).isEqualTo(ErrorCode.INVALID_SIGNAL_KEY);
  }

  @Test
  void the_wait_deadline_is_one_second_to_thirty_days_and_defaults_to_a_day() {
    assertThat(waitCode("k", Duration.ofSeconds(1))).isNull();
    assertThat(waitCode("k", Duration.ofDays(30))).isNull();
    assertThat(waitCode("k", Duration.ofMillis(999))).isEqualTo(ErrorCode.WORKFLOW_WAIT_INVALID);
    assertThat(waitCode("k", Duration.ofDays(30).plusMillis(1)))
        .isEqualTo(ErrorCode.WORKFLOW_WAIT_INVALID);
    assertThat(new WaitCommand("r", "lead", "b", "k", "s", null, null, null).timeout())
        .isEqualTo(Duration.ofHours(24));
  }

  @Test
  void waiting_twice_is_refused_as_not_running() {
    d.waitFor("ci", Duration.ofMinutes(1));

    assertThat(refusal(d.waitFor("ci", Duration.ofMinutes(1))).code())
        .isEqualTo(ErrorCode.WORKFLOW_NOT_RUNNING);
  }

  @Test
  void a_wait_for_another_stage_is_out_of_order_and_a_stranger_is_forbidden() {
    Decision other =
        Waits.decide(
            d.definition,
            d.run,
            new WaitCommand(d.run.id(), "lead", "ship", "k", "s", Map.of(), Map.of(), null),
            Map.of(),
            d.now);
    Decision stranger =
        Waits.decide(
            d.definition,
            d.run,
            new WaitCommand(d.run.id(), "eve", "build", "k", "s", Map.of(), Map.of(), null),
            Map.of(),
            d.now);

    assertThat(refusal(other).code()).isEqualTo(ErrorCode.WORKFLOW_STAGE_OUT_OF_ORDER);
    assertThat(refusal(stranger).code()).isEqualTo(ErrorCode.WORKFLOW_FORBIDDEN);
  }

  @Test
  void evidence_saved_at_the_wait_merges_with_the_signal() {
    d.apply(
        Waits.decide(
            d.definition,
            d.run,
            new WaitCommand(
                d.run.id(), "lead", "build", "ci", "s", Map.of("PR", "#42"), Map.of(), null),
            Map.of(),
            d.now));

    d.signal("ci", PASSED, Map.of("tests", "green"));

    assertThat(d.run.currentStage()).isEqualTo("ship");
    assertThat(d.run.progress("build").checkpoints().getLast().evidence())
        .containsEntry("pr", "#42")
        .containsEntry("tests", "green");
    assertThat(d.run.progress("build").checkpoints().getLast().by()).isEqualTo("signal:ci");
  }

  @Test
  void a_passing_signal_without_complete_evidence_is_refused_and_the_run_keeps_waiting() {
    d.waitFor("ci", Duration.ofMinutes(1));

    Decision decision = d.signal("ci", PASSED, Map.of("tests", "green"));

    assertThat(refusal(decision).code()).isEqualTo(ErrorCode.WORKFLOW_EVIDENCE_INCOMPLETE);
    assertThat(refusal(decision).details()).containsEntry("missingRequirements", List.of("pr"));
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.WAITING);
  }

  @Test
  void a_signal_for_a_running_run_or_with_the_wrong_key_is_refused() {
    assertThat(refusal(d.signal("ci", FAILED, Map.of())).code())
        .isEqualTo(ErrorCode.WORKFLOW_NOT_WAITING);
    d.waitFor("ci", Duration.ofMinutes(1));

    assertThat(refusal(d.signal("cd", FAILED, Map.of())).code())
        .isEqualTo(ErrorCode.WORKFLOW_SIGNAL_KEY_MISMATCH);
  }

  @Test
  void a_repeated_signal_delivery_is_applied_once() {
    d.waitFor("ci", Duration.ofMinutes(1));
    d.signal("ci", "delivery-7", FAILED, Map.of());
    int version = d.run.version();
    d.waitFor("ci", Duration.ofMinutes(1));

    Decision again = d.signal("ci", "delivery-7", FAILED, Map.of());

    assertThat(again).isInstanceOf(Decision.Unchanged.class);
    assertThat(d.run.version()).isEqualTo(version + 1);
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.WAITING);
  }

  @Test
  void a_repeated_signal_delivery_with_another_body_is_a_delivery_conflict() {
    d.waitFor("ci", Duration.ofMinutes(1));
    d.signal("ci", "delivery-8", FAILED, Map.of());
    int version = d.run.version();
    d.waitFor("ci", Duration.ofMinutes(1));

    Decision other =
        d.signal(
            "ci", "delivery-8", io.kxm.core.secret.Tokens.sha256Hex("other"), PASSED, Map.of());

    assertThat(refusal(other).code()).isEqualTo(ErrorCode.DELIVERY_CONFLICT);
    assertThat(refusal(other).message()).contains("delivery-8").contains(d.run.id());
    assertThat(d.run.version()).isEqualTo(version + 1);
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.WAITING);
  }

  @Test
  void a_signal_after_the_run_ended_is_refused_as_terminal() {
    d.waitFor("ci", Duration.ofMinutes(1));
    d.tick(Duration.ofMinutes(2));
    d.apply(CoordinatorEvents.deadline(d.run, d.now));

    assertThat(refusal(d.signal("ci", PASSED, Map.of())).code())
        .isEqualTo(ErrorCode.WORKFLOW_TERMINAL);
  }
}
