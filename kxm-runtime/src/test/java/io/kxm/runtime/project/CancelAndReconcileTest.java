package io.kxm.runtime.project;

import static io.kxm.runtime.project.DriveTest.step;
import static io.kxm.runtime.project.DriveTest.view;
import static io.kxm.runtime.project.Fixture.agent;
import static io.kxm.runtime.project.Fixture.gateStep;
import static io.kxm.runtime.project.Fixture.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.AgentProducer;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import io.kxm.runtime.run.AssignmentStatus;
import io.kxm.runtime.run.AttemptStatus;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StepStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.store.SideRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CancelAndReconcileTest {
  @TempDir Path tmp;
  Fixture fx;

  @AfterEach
  void close() {
    fx.close();
  }

  @Test
  void cancel_kills_the_running_gate_process_and_drains_the_run_through_cancelling()
      throws Exception {
    fx =
        new Fixture(
            tmp, workflow("build", gateStep("check", "long"), agent("after", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    CompletableFuture<DriveResult> drive =
        CompletableFuture.supplyAsync(() -> rt.drive(run.runId(), true));
    Path pidFile = fx.projectRoot.resolve("gate.pid");
    await()
        .atMost(Duration.ofSeconds(30))
        .ignoreExceptions()
        .until(() -> !Files.readString(pidFile).isBlank());
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);

    RunDetail cancelled = rt.cancel(run.runId());

    DriveResult result = drive.join();
    assertThat(result.outcome()).isEqualTo("terminal");
    assertThat(cancelled.run().status()).isEqualTo("cancelled");
    assertThat(step(cancelled, "check")).isEqualTo("cancelled");
    assertThat(step(cancelled, "after")).isEqualTo("skipped");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
    assertThat(rt.pending(1000))
        .filteredOn(r -> r.type().equals("run.moved"))
        .extracting(r -> r.data().path("to").asString())
        .containsSubsequence("running", "cancelling", "cancelled");
    assertThatThrownBy(() -> rt.cancel(run.runId()))
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUN_TERMINAL));
  }

  @Test
  void a_second_drive_of_a_run_being_driven_is_refused() throws Exception {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    fx.simulated =
        (request, cancelled) -> {
          entered.countDown();
          try {
            release.await(30, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new AgentProducer.ProducerResult.Answered("done");
        };
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    CompletableFuture<DriveResult> first =
        CompletableFuture.supplyAsync(() -> rt.drive(run.runId(), true));
    assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();

    assertThatThrownBy(() -> rt.drive(run.runId(), true))
        .satisfies(
            e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.RUN_DRIVE_IN_PROGRESS));
    release.countDown();
    assertThat(first.join().run().run().status()).isEqualTo("completed");
  }

  @Test
  void cancelling_a_run_nobody_drives_cancels_it_at_once_with_a_terminal_receipt() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");

    RunDetail cancelled = rt.cancel(run.runId());

    assertThat(cancelled.run().status()).isEqualTo("cancelled");
    assertThat(cancelled.lastReceipt().kind()).isEqualTo("terminal");
    assertThat(rt.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void reconcile_settles_an_executing_agent_attempt_as_unknown_and_leaves_the_run_retry_pending() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    rt.close();
    leaveExecutingAttempt(run.runId(), "implement", "coder");

    ProjectRuntime restarted = fx.open();
    List<RunSummary> changed = restarted.reconcile();

    assertThat(changed).extracting(RunSummary::runId).containsExactly(run.runId());
    RunDetail after = restarted.status(run.runId());
    assertThat(after.run().status()).isEqualTo("retry_pending");
    assertThat(after.reason()).isEqualTo("attempt_outcome_unknown");
    assertThat(step(after, "implement")).isEqualTo("retry_pending");
    assertThat(restarted.pending(1000))
        .filteredOn(r -> r.type().equals("attempt.moved"))
        .extracting(r -> r.data().path("result").asString(""))
        .contains("outcome_unknown");
    assertThat(restarted.reconcile()).isEmpty();

    DriveResult done = restarted.drive(run.runId(), true);
    assertThat(done.run().run().status()).isEqualTo("completed");
    assertThat(view(done.run(), "implement").attempts()).isEqualTo(2);
  }

  @Test
  void reconcile_blocks_a_run_whose_gate_was_running_when_the_drive_died() {
    fx = new Fixture(tmp, workflow("build", gateStep("check", "ok")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    rt.close();
    leaveExecutingAttempt(run.runId(), "check", "gate:ok");

    ProjectRuntime restarted = fx.open();
    restarted.reconcile();

    RunDetail after = restarted.status(run.runId());
    assertThat(after.run().status()).isEqualTo("blocked_uncertain");
    assertThat(after.reason()).isEqualTo("gate_outcome_unproven");
  }

  /**
   * Writes, through the store alone, what a drive that died mid-attempt leaves behind: the plan
   * pinned, the run running, an attempt executing.
   */
  private void leaveExecutingAttempt(String runId, String stepId, String agentId) {
    Path db =
        ProjectKeys.eventStore(fx.state, ProjectKeys.key(ProjectKeys.canonical(fx.projectRoot)));
    try (RunEventStore store = RunEventStore.open(db)) {
      var plan =
          io.kxm.runtime.drive.CompiledPlan.compile(
              fx.config.bundle, fx.config.bundle.workflow("build").orElseThrow());
      store.append(
          runId,
          fx.clock.instant(),
          st -> {
            List<RunEvent> events = new ArrayList<>();
            events.add(new RunEvent.RunMoved(RunStatus.PREPARING, null));
            events.add(new RunEvent.PlanPinned(plan.sha256(), plan.planned()));
            events.add(new RunEvent.RunMoved(RunStatus.RUNNING, null));
            events.add(new RunEvent.StepMoved(stepId, StepStatus.PREPARING, null));
            events.add(new RunEvent.StepMoved(stepId, StepStatus.RUNNING, null));
            for (AssignmentStatus s :
                List.of(
                    AssignmentStatus.CREATED,
                    AssignmentStatus.ACCEPTED,
                    AssignmentStatus.DISPATCHED,
                    AssignmentStatus.EXECUTING)) {
              events.add(new RunEvent.AssignmentMoved("asg_1", stepId, agentId, s));
            }
            events.add(
                new RunEvent.AttemptMoved(
                    "att_1", "asg_1", stepId, AttemptStatus.CREATED, null, "ab".repeat(32), null));
            events.add(
                new RunEvent.AttemptMoved(
                    "att_1", "asg_1", stepId, AttemptStatus.STARTING, null, null, null));
            events.add(
                new RunEvent.AttemptMoved(
                    "att_1", "asg_1", stepId, AttemptStatus.EXECUTING, null, null, null));
            return new Batch(
                events, List.of(new SideRow.Plan(plan.sha256(), plan.canonicalJson())));
          });
      RunState s = store.load(runId);
      assertThat(s.status()).isEqualTo(RunStatus.RUNNING);
    }
  }
}
