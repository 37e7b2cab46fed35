package io.kxm.runtime.project;

import static io.kxm.runtime.project.Fixture.agent;
import static io.kxm.runtime.project.Fixture.gateStep;
import static io.kxm.runtime.project.Fixture.moa;
import static io.kxm.runtime.project.Fixture.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.AgentProducer.ProducerResult;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RecoveryAction;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.api.Verification;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriveTest {
  @TempDir Path tmp;
  Fixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  private ProjectRuntime runtime(io.kxm.runtime.api.ProjectBundle.Workflow... workflows) {
    fx = new Fixture(tmp, workflows);
    return fx.open();
  }

  static String step(RunDetail d, String id) {
    return d.steps().stream().filter(s -> s.stepId().equals(id)).findFirst().orElseThrow().status();
  }

  static RunDetail.StepView view(RunDetail d, String id) {
    return d.steps().stream().filter(s -> s.stepId().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void agent_then_passing_gate_completes_with_a_signed_terminal_receipt_that_verifies() {
    ProjectRuntime rt =
        runtime(workflow("build", agent("implement", "coder", "Do it."), gateStep("check", "ok")));
    RunSummary run = rt.create("build", "add a feature");
    assertThat(run.status()).isEqualTo("created");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.outcome()).isEqualTo("terminal");
    assertThat(result.run().run().status()).isEqualTo("completed");
    assertThat(step(result.run(), "implement")).isEqualTo("passed");
    assertThat(step(result.run(), "check")).isEqualTo("passed");
    assertThat(view(result.run(), "check").detail()).isEqualTo("exit 0");
    assertThat(result.receipt().kind()).isEqualTo("terminal");
    assertThat(result.receipt().runStatus()).isEqualTo("completed");
    assertThat(result.receipt().headSequence()).isEqualTo(result.run().eventCount());
    assertThat(rt.receipt(run.runId())).contains(result.receipt());
    Verification v = rt.verify(run.runId());
    assertThat(v.ok()).as(v.message()).isTrue();
    assertThat(v.receiptVerified()).isTrue();
    assertThat(v.firstBadSequence()).isEqualTo(-1);
    assertThat(rt.counts().pending()).isEqualTo(result.run().eventCount());
  }

  @Test
  void gate_rows_keep_only_hashes_and_sizes_of_the_output() throws Exception {
    ProjectRuntime rt = runtime(workflow("build", gateStep("check", "ok")));
    RunSummary run = rt.create("build", "");
    rt.drive(run.runId(), true);

    try (var c = DriverManager.getConnection("jdbc:sqlite:" + rt.eventStoreFile());
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT outcome, exit_code, stdout_sha256, stdout_bytes, stderr_bytes"
                        + " FROM gate_evidence")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("exited");
      assertThat(rs.getInt(2)).isZero();
      assertThat(rs.getString(3)).hasSize(64);
      assertThat(rs.getLong(4)).isZero();
      assertThat(rs.getLong(5)).isZero();
    }
  }

  @Test
  void failing_gate_fails_its_step_and_the_run_and_later_steps_are_skipped() {
    ProjectRuntime rt =
        runtime(workflow("build", gateStep("check", "bad"), agent("after", "coder", "never")));
    RunSummary run = rt.create("build", "p");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.outcome()).isEqualTo("terminal");
    assertThat(result.run().run().status()).isEqualTo("failed");
    assertThat(result.run().reason()).isEqualTo("gate_failed");
    assertThat(view(result.run(), "check").status()).isEqualTo("failed");
    assertThat(view(result.run(), "check").detail()).isEqualTo("exit 1");
    assertThat(step(result.run(), "after")).isEqualTo("skipped");
    assertThat(rt.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void gate_whose_program_is_missing_fails_the_run_with_gate_start_failed() {
    ProjectRuntime rt = runtime(workflow("build", gateStep("check", "missing")));
    RunSummary run = rt.create("build", "p");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.run().run().status()).isEqualTo("failed");
    assertThat(result.run().reason()).isEqualTo("gate_start_failed");
    assertThat(view(result.run(), "check").detail()).startsWith("gate_start_failed");
  }

  @Test
  void gate_past_its_timeout_blocks_the_run_until_an_operator_unblocks_it() {
    ProjectRuntime rt =
        runtime(workflow("build", gateStep("check", "slow"), agent("after", "coder", "go")));
    RunSummary run = rt.create("build", "p");

    DriveResult blocked = rt.drive(run.runId(), true);

    assertThat(blocked.outcome()).isEqualTo("unsettled");
    assertThat(blocked.receipt().kind()).isEqualTo("unsettled");
    assertThat(blocked.run().run().status()).isEqualTo("blocked_uncertain");
    assertThat(blocked.run().reason()).isEqualTo("gate_timed_out");
    assertThatThrownBy(() -> rt.drive(run.runId(), true))
        .isInstanceOf(KxmException.class)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUN_BLOCKED_UNCERTAIN);

    RunDetail unblocked = rt.recover(run.runId(), RecoveryAction.UNBLOCK, "checked by hand");
    assertThat(unblocked.run().status()).isEqualTo("running");
    assertThat(step(unblocked, "check")).isEqualTo("passed");

    DriveResult done = rt.drive(run.runId(), true);
    assertThat(done.run().run().status()).isEqualTo("completed");
    assertThat(rt.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void recovering_a_blocked_run_with_retry_runs_the_gate_again_and_cancel_ends_it() {
    ProjectRuntime rt = runtime(workflow("build", gateStep("check", "slow")));
    RunSummary run = rt.create("build", "p");
    rt.drive(run.runId(), true);

    RunDetail retried = rt.recover(run.runId(), RecoveryAction.RETRY, "try again");
    assertThat(step(retried, "check")).isEqualTo("retry_pending");
    DriveResult again = rt.drive(run.runId(), true);
    assertThat(again.run().run().status()).isEqualTo("blocked_uncertain");
    assertThat(view(again.run(), "check").attempts()).isEqualTo(2);

    RunDetail cancelled = rt.recover(run.runId(), RecoveryAction.CANCEL, "give up");
    assertThat(cancelled.run().status()).isEqualTo("cancelled");
    assertThat(step(cancelled, "check")).isEqualTo("cancelled");
    assertThat(rt.receipt(run.runId()).orElseThrow().kind()).isEqualTo("terminal");
  }

  @Test
  void recovering_a_blocked_run_with_fail_fails_it_and_recovering_a_run_not_blocked_is_refused() {
    ProjectRuntime rt = runtime(workflow("build", gateStep("check", "slow")));
    RunSummary run = rt.create("build", "p");
    assertThatThrownBy(() -> rt.recover(run.runId(), RecoveryAction.FAIL, "x"))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUN_NOT_BLOCKED);
    long before = rt.status(run.runId()).eventCount();
    assertThat(before).isEqualTo(1);

    rt.drive(run.runId(), true);
    RunDetail failed = rt.recover(run.runId(), RecoveryAction.FAIL, "broken");

    assertThat(failed.run().status()).isEqualTo("failed");
    assertThat(failed.reason()).isEqualTo("recovered with fail: broken");
    assertThat(step(failed, "check")).isEqualTo("failed");
  }

  @Test
  void moa_step_gives_the_aggregator_every_agents_answer() {
    fx =
        new Fixture(
            tmp,
            workflow("think", moa("discuss", List.of("coder", "critic"), "lead", "Weigh in.")));
    ScriptedProducer producer =
        new ScriptedProducer(
            new ProducerResult.Answered("use a queue"),
            new ProducerResult.Answered("use a stack"),
            new ProducerResult.Answered("queue it is"));
    fx.simulated = producer;
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("think", "which structure?");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.run().run().status()).isEqualTo("completed");
    assertThat(producer.requests).hasSize(3);
    assertThat(producer.requests.get(0).prompt()).contains("Weigh in.", "which structure?");
    var aggregator = producer.requests.get(2);
    assertThat(aggregator.agentId()).isEqualTo("lead");
    // the proposers answer in parallel, so either may have drawn the first scripted answer
    String first = producer.requests.get(0).agentId();
    String second = producer.requests.get(1).agentId();
    assertThat(List.of(first, second)).containsExactlyInAnyOrder("coder", "critic");
    assertThat(aggregator.prompt())
        .contains("[" + first + "]\nuse a queue", "[" + second + "]\nuse a stack")
        .contains("[coder]\n", "[critic]\n");
    assertThat(aggregator.prompt().indexOf("[coder]"))
        .isLessThan(aggregator.prompt().indexOf("[critic]"));
    assertThat(view(result.run(), "discuss").attempts()).isEqualTo(3);
  }

  @Test
  void attempt_with_unknown_outcome_is_retried_through_retry_pending_and_then_passes() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "Do it.")));
    ScriptedProducer producer = new ScriptedProducer(new ProducerResult.Unknown("harness crashed"));
    fx.simulated = producer;
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.run().run().status()).isEqualTo("completed");
    assertThat(view(result.run(), "implement").attempts()).isEqualTo(2);
    assertThat(producer.requests).extracting(r -> r.attempt()).containsExactly(1, 2);
    assertThat(rt.pending(1000))
        .filteredOn(r -> r.type().equals("step.moved"))
        .extracting(r -> r.data().path("to").asString())
        .contains("retry_pending");
  }

  @Test
  void attempts_that_stay_unknown_exhaust_the_budget_and_fail_the_run() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "Do it.")));
    fx.simulated =
        new ScriptedProducer(
            new ProducerResult.Unknown("silent"), new ProducerResult.Unknown("silent again"));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.run().run().status()).isEqualTo("failed");
    assertThat(result.run().reason()).isEqualTo("attempts_exhausted");
  }

  @Test
  void producer_that_rejects_fails_the_step_without_a_retry() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "Do it.")));
    ScriptedProducer producer =
        new ScriptedProducer(new ProducerResult.Rejected("route_unknown", "no harness"));
    fx.simulated = producer;
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");

    DriveResult result = rt.drive(run.runId(), true);

    assertThat(result.run().run().status()).isEqualTo("failed");
    assertThat(result.run().reason()).isEqualTo("producer_rejected");
    assertThat(view(result.run(), "implement").detail()).isEqualTo("route_unknown");
    assertThat(producer.requests).hasSize(1);
  }
}
