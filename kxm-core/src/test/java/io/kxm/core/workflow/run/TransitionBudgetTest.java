package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.FAILED;
import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static io.kxm.core.workflow.run.RunDriver.applied;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Declared {@code on} edges, their three budgets, and escalation to an operator ruling. */
class TransitionBudgetTest {

  @Test
  void a_failed_review_takes_its_back_edge_to_the_implementation_stage() {
    RunDriver d =
        new RunDriver(
            workflow(stage("implement").attempts(5), stage("review").on("failed", "implement", 3)));
    d.pass();

    Decision.Applied result = applied(d.fail());

    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.ROUTE);
    assertThat(d.run.currentStage()).isEqualTo("implement");
    assertThat(d.run.currentAttempt()).isEqualTo(2);
    assertThat(d.run.progress("implement").visits()).isEqualTo(2);
    assertThat(d.run.edgeCount("review", FAILED)).isEqualTo(1);
    assertThat(d.run.transitionsTaken()).isEqualTo(1);
    assertThat(result.instruction().text()).contains("routes");
  }

  @Test
  void a_passed_edge_may_jump_forward_over_a_stage() {
    RunDriver d =
        new RunDriver(workflow(stage("a").on("passed", "c", null), stage("b"), stage("c")));

    d.pass();

    assertThat(d.run.currentStage()).isEqualTo("c");
    assertThat(d.run.stages()).doesNotContainKey("b");
  }

  @Test
  void an_edge_whose_own_budget_is_used_up_fails_the_run() {
    RunDriver d =
        new RunDriver(
            workflow(
                stage("implement").attempts(9),
                stage("review").attempts(9).on("failed", "implement", 2)));
    for (int i = 0; i < 2; i++) {
      d.pass();
      d.fail();
    }
    d.pass();

    d.fail();

    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.FAILED);
    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.TRANSITION_BUDGET_EXHAUSTED);
    assertThat(d.run.failure().detail()).contains("edge review on failed (2)");
  }

  @Test
  void a_stage_budget_bounds_every_edge_leaving_the_stage() {
    RunDriver d =
        new RunDriver(
            workflow(
                stage("implement").attempts(9),
                stage("review")
                    .attempts(9)
                    .budget(1)
                    .on("failed", "implement", null)
                    .on("warning", "implement", null)));
    d.pass();
    d.fail();
    d.pass();

    d.checkpoint(io.kxm.core.workflow.CheckpointStatus.WARNING, Map.of());

    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.TRANSITION_BUDGET_EXHAUSTED);
    assertThat(d.run.failure().detail()).contains("stage review (1)");
  }

  @Test
  void the_global_budget_bounds_every_transition_of_the_run() {
    RunDriver d =
        new RunDriver(
            workflow(
                1,
                stage("implement").attempts(9).on("failed", "review", null),
                stage("review").attempts(9).on("failed", "implement", null)));
    d.fail();
    assertThat(d.run.currentStage()).isEqualTo("review");

    d.fail();

    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.TRANSITION_BUDGET_EXHAUSTED);
    assertThat(d.run.failure().detail()).contains("workflow release (1)");
  }

  @Test
  void re_entering_a_stage_whose_attempts_are_used_up_fails_the_run() {
    RunDriver d =
        new RunDriver(
            workflow(
                stage("implement").attempts(1), stage("review").on("failed", "implement", null)));
    d.pass();

    d.fail();

    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.ATTEMPTS_EXHAUSTED);
    assertThat(d.run.failure().stageId()).isEqualTo("implement");
  }

  @Test
  void a_stage_escalates_to_an_operator_ruling_after_its_auto_resume_limit() {
    RunDriver d = new RunDriver(workflow(stage("build").attempts(5).escalateAfter(2)));
    d.fail();
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.RUNNING);

    Decision.Applied result = applied(d.fail());

    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.ESCALATE);
    assertThat(d.run.waiting().reason()).isEqualTo(WaitReason.AUDIT_ESCALATION);
    assertThat(d.run.waiting().signalKey()).isEqualTo("audit:3:build");
    assertThat(d.run.waiting().deadline()).isEqualTo(d.now.plus(Duration.ofHours(24)));
    assertThat(d.run.currentAttempt()).isEqualTo(3);
    assertThat(result.instruction().kind()).isEqualTo(Instruction.Kind.WAIT);
  }

  @Test
  void an_operator_ruling_resumes_the_stage_and_restores_its_automatic_retries() {
    RunDriver d = new RunDriver(workflow(stage("build").attempts(6).escalateAfter(2)));
    d.fail();
    d.fail();

    Decision.Applied result = applied(d.signal("audit:3:build", PASSED, Map.of()));

    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.RESUME);
    assertThat(d.run.currentAttempt()).isEqualTo(3);
    assertThat(d.run.progress("build").failuresSinceRuling()).isZero();
    assertThat(d.run.progress("build").passed()).isFalse();
    assertThat(result.instruction().notice()).isEqualTo(Instruction.Notice.PROMPT);
    d.fail();
    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.RETRY);
    d.fail();
    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.ESCALATE);
  }

  @Test
  void an_operator_ruling_of_failed_ends_the_run() {
    RunDriver d = new RunDriver(workflow(stage("build").attempts(5).escalateAfter(1)));
    d.fail();

    d.signal("audit:2:build", FAILED, Map.of());

    assertThat(d.lastTransition()).isEqualTo(WorkflowRunTransition.FAIL_WHILE_WAITING);
    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.AUDIT_REJECTED);
  }

  @Test
  void a_stage_fails_instead_of_escalating_when_its_attempts_are_used_up() {
    RunDriver d = new RunDriver(workflow(stage("build").attempts(2).escalateAfter(1)));
    d.fail();
    d.signal("audit:2:build", PASSED, Map.of());

    d.fail();

    assertThat(d.run.failure().reason()).isEqualTo(FailureReason.ATTEMPTS_EXHAUSTED);
  }
}
