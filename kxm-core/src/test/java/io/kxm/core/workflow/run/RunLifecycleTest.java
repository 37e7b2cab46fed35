package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.FAILED;
import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.CheckpointStatus.WARNING;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static io.kxm.core.workflow.run.RunDriver.applied;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One test per edge of the lifecycle diagram, driven through the deciders. */
class RunLifecycleTest {
  private final RunDriver two = new RunDriver(workflow(stage("build"), stage("ship")));

  @Test
  void a_signed_webhook_starts_the_run_at_the_first_stage_and_attempt_one() {
    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.RUNNING);
    assertThat(two.run.path()).containsExactly(WorkflowRunTransition.START);
    assertThat(two.run.currentStage()).isEqualTo("build");
    assertThat(two.run.currentAttempt()).isEqualTo(1);
    assertThat(two.run.promptMessageId()).isEqualTo("msg_prompt_1");
    assertThat(two.run.definitionHash()).matches("[0-9a-f]{64}");
  }

  @Test
  void passed_opens_the_next_stage() {
    Decision.Applied result = applied(two.pass());

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.NEXT_STAGE);
    assertThat(two.run.currentStage()).isEqualTo("ship");
    assertThat(two.run.currentAttempt()).isEqualTo(1);
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.CONTINUE);
    assertThat(result.instruction().text()).contains("ship");
  }

  @Test
  void warning_and_failed_consume_an_attempt_and_retry_the_stage() {
    applied(two.checkpoint(WARNING, Map.of()));
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.RETRY);
    assertThat(two.run.currentAttempt()).isEqualTo(2);

    Decision.Applied result = applied(two.fail());

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.RETRY);
    assertThat(two.run.currentAttempt()).isEqualTo(3);
    assertThat(two.run.progress("build").attemptsUsed()).isEqualTo(2);
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.RETRY);
  }

  @Test
  void the_last_stage_passing_completes_the_run() {
    two.pass();
    Decision.Applied result = applied(two.pass());

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.COMPLETED);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.COMPLETE);
    assertThat(two.run.finishedAt()).isEqualTo(two.now);
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.FINISH);
  }

  @Test
  void using_up_max_attempts_fails_the_run() {
    two.fail();
    two.fail();
    Decision.Applied result = applied(two.fail());

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.FAILED);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL);
    assertThat(two.run.failure().reason()).isEqualTo(FailureReason.ATTEMPTS_EXHAUSTED);
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.STOP);
  }

  @Test
  void the_coordinator_waiting_parks_the_run() {
    Decision.Applied result = applied(two.waitFor("ci-42", Duration.ofHours(1)));

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.WAITING);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.WAIT);
    assertThat(two.run.waiting().reason()).isEqualTo(WaitReason.SIGNAL);
    assertThat(two.run.waiting().deadline()).isEqualTo(two.now.plus(Duration.ofHours(1)));
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.WAIT);
  }

  @Test
  void a_signal_that_passes_a_stage_with_work_left_resumes_the_run_and_prompts_again() {
    two.waitFor("ci-42", Duration.ofHours(1));

    Decision.Applied result = applied(two.signal("ci-42", PASSED, Map.of("tests", "ci green")));

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.RUNNING);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.RESUME);
    assertThat(two.run.currentStage()).isEqualTo("ship");
    assertThat(result.instruction().notice()).isEqualTo(Instruction.Notice.PROMPT);
  }

  @Test
  void a_failed_signal_with_attempts_left_resumes_the_same_stage() {
    two.waitFor("ci-42", Duration.ofHours(1));

    applied(two.signal("ci-42", FAILED, Map.of()));

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.RESUME);
    assertThat(two.run.currentStage()).isEqualTo("build");
    assertThat(two.run.currentAttempt()).isEqualTo(2);
  }

  @Test
  void a_signal_passing_the_last_stage_completes_the_run() {
    two.pass();
    two.waitFor("deploy", Duration.ofMinutes(5));

    Decision.Applied result = applied(two.signal("deploy", PASSED, Map.of("tests", "ok")));

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.COMPLETED);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.COMPLETE_ON_SIGNAL);
    assertThat(result.instruction().notice()).isEqualTo(Instruction.Notice.INFORM);
  }

  @Test
  void a_signal_that_exhausts_the_attempts_fails_the_waiting_run() {
    two.fail();
    two.fail();
    two.waitFor("ci", Duration.ofMinutes(5));

    applied(two.signal("ci", FAILED, Map.of()));

    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.FAILED);
    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL_WHILE_WAITING);
    assertThat(two.run.failure().reason()).isEqualTo(FailureReason.ATTEMPTS_EXHAUSTED);
  }

  @Test
  void a_passed_deadline_fails_the_waiting_run_and_tells_the_coordinator() {
    two.waitFor("ci", Duration.ofMinutes(5));
    two.tick(Duration.ofMinutes(5).minusMillis(1));
    assertThat(CoordinatorEvents.deadline(two.run, two.now)).isInstanceOf(Decision.Unchanged.class);

    two.tick(Duration.ofMillis(1));
    Decision.Applied result = applied(two.apply(CoordinatorEvents.deadline(two.run, two.now)));

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL_WHILE_WAITING);
    assertThat(two.run.failure().reason()).isEqualTo(FailureReason.DEADLINE_PASSED);
    assertThat(result.instruction().notice()).isEqualTo(Instruction.Notice.INFORM);
  }

  @Test
  void a_coordinator_reply_while_running_fails_the_run() {
    applied(two.apply(CoordinatorEvents.replied(two.run, "msg_prompt_1", two.now)));

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL);
    assertThat(two.run.failure().reason()).isEqualTo(FailureReason.COORDINATOR_REPLIED_EARLY);
  }

  @Test
  void a_coordinator_reply_while_waiting_is_expected_and_changes_nothing() {
    two.waitFor("ci", Duration.ofMinutes(5));

    Decision decision = CoordinatorEvents.replied(two.run, "msg_prompt_1", two.now);

    assertThat(decision).isInstanceOf(Decision.Unchanged.class);
    assertThat(two.run.status()).isEqualTo(WorkflowRunStatus.WAITING);
  }

  @Test
  void a_reply_to_a_prompt_that_is_not_current_changes_nothing() {
    assertThat(CoordinatorEvents.replied(two.run, "msg_other", two.now))
        .isInstanceOf(Decision.Unchanged.class);
    assertThat(CoordinatorEvents.promptExpired(two.run, "msg_other", two.now))
        .isInstanceOf(Decision.Unchanged.class);
  }

  @Test
  void an_expired_coordinator_prompt_fails_the_running_run() {
    applied(two.apply(CoordinatorEvents.promptExpired(two.run, "msg_prompt_1", two.now)));

    assertThat(two.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL);
    assertThat(two.run.failure().reason()).isEqualTo(FailureReason.PROMPT_EXPIRED);
  }

  @Test
  void a_prompt_expiring_while_the_run_waits_changes_nothing() {
    two.waitFor("ci", Duration.ofMinutes(5));

    assertThat(CoordinatorEvents.promptExpired(two.run, "msg_prompt_1", two.now))
        .isInstanceOf(Decision.Unchanged.class);
  }
}
