package io.kxm.runtime.project;

import static io.kxm.runtime.project.DriveTest.step;
import static io.kxm.runtime.project.Fixture.agent;
import static io.kxm.runtime.project.Fixture.approval;
import static io.kxm.runtime.project.Fixture.waitStep;
import static io.kxm.runtime.project.Fixture.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.DriveResult;
import io.kxm.runtime.api.Resolution;
import io.kxm.runtime.api.RunDetail;
import io.kxm.runtime.api.RunSummary;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InteractionTest {
  @TempDir Path tmp;
  Fixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  private static ErrorCode code(Throwable e) {
    return ((KxmException) e).code();
  }

  @Test
  void approval_parks_the_run_with_a_handoff_and_resolve_lets_the_next_drive_finish() {
    fx =
        new Fixture(
            tmp,
            workflow(
                "ship",
                agent("implement", "coder", "Do it."),
                approval("signoff", "Ship it?", "reviewer"),
                agent("release", "coder", "Release.")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");

    DriveResult parked = rt.drive(run.runId(), true);

    assertThat(parked.outcome()).isEqualTo("handoff");
    assertThat(parked.receipt().kind()).isEqualTo("handoff");
    assertThat(parked.run().run().status()).isEqualTo("waiting");
    assertThat(step(parked.run(), "signoff")).isEqualTo("waiting");
    assertThat(step(parked.run(), "release")).isEqualTo("pending");
    RunDetail.InteractionView question = parked.run().interactions().getFirst();
    assertThat(question.kind()).isEqualTo("approval");
    assertThat(question.status()).isEqualTo("pending");
    assertThat(question.question()).isEqualTo("Ship it?");
    assertThatThrownBy(() -> rt.drive(run.runId(), true))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.RUN_AWAITING_INTERACTION));

    RunDetail answered =
        rt.resolve(run.runId(), question.interactionId(), new Resolution(true, "lgtm", "ana"));
    assertThat(answered.interactions().getFirst().status()).isEqualTo("resolved");
    assertThatThrownBy(() ->
            rt.resolve(run.runId(), question.interactionId(), new Resolution(true, null, "bob")))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.INTERACTION_ALREADY_RESOLVED));

    DriveResult done = rt.drive(run.runId(), true);
    assertThat(done.run().run().status()).isEqualTo("completed");
    assertThat(step(done.run(), "signoff")).isEqualTo("passed");
    assertThat(rt.verify(run.runId()).ok()).isTrue();
  }

  @Test
  void a_parked_run_survives_a_restart_and_finishes_after_the_answer() {
    fx =
        new Fixture(
            tmp, workflow("ship", waitStep("input", "Which branch?"), agent("go", "coder", "Go.")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");
    String interaction =
        rt.drive(run.runId(), true).run().interactions().getFirst().interactionId();

    ProjectRuntime restarted = fx.reopen();
    assertThat(restarted.status(run.runId()).run().status()).isEqualTo("waiting");
    assertThat(restarted.reconcile()).isEmpty();
    restarted.resolve(run.runId(), interaction, new Resolution(false, "main", "ana"));
    ProjectRuntime again = fx.reopen();
    DriveResult done = again.drive(run.runId(), true);

    assertThat(done.run().run().status()).isEqualTo("completed");
    assertThat(again.verify(run.runId()).ok()).isTrue();
    assertThat(again.verify(run.runId()).receiptVerified()).isTrue();
  }

  @Test
  void a_denied_approval_fails_the_step_and_the_run() {
    fx =
        new Fixture(
            tmp, workflow("ship", approval("signoff", "Ship it?"), agent("release", "coder", "R")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");
    DriveResult parked = rt.drive(run.runId(), true);
    RunDetail.InteractionView question = parked.run().interactions().getFirst();

    rt.resolve(run.runId(), question.interactionId(), new Resolution(false, "not yet", "ana"));
    DriveResult done = rt.drive(run.runId(), true);

    assertThat(done.run().run().status()).isEqualTo("failed");
    assertThat(done.run().reason()).isEqualTo("approval_denied");
    assertThat(step(done.run(), "signoff")).isEqualTo("failed");
    assertThat(step(done.run(), "release")).isEqualTo("skipped");
  }

  @Test
  void cancelling_a_parked_run_closes_its_unanswered_interaction() {
    fx = new Fixture(tmp, workflow("ship", approval("signoff", "Ship it?")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");
    String id = rt.drive(run.runId(), true).run().interactions().getFirst().interactionId();

    RunDetail cancelled = rt.cancel(run.runId());

    assertThat(cancelled.run().status()).isEqualTo("cancelled");
    assertThat(cancelled.interactions().getFirst().status()).isEqualTo("closed");
    assertThatThrownBy(() -> rt.resolve(run.runId(), id, new Resolution(true, null, "ana")))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.RUN_TERMINAL));
  }

  @Test
  void resolving_an_unknown_interaction_or_without_a_name_is_refused_and_changes_nothing() {
    fx = new Fixture(tmp, workflow("ship", approval("signoff", "Ship it?")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");
    DriveResult parked = rt.drive(run.runId(), true);
    long events = parked.run().eventCount();

    assertThatThrownBy(() -> rt.resolve(run.runId(), "int_nope", new Resolution(true, null, "a")))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.INTERACTION_NOT_FOUND));
    String id = parked.run().interactions().getFirst().interactionId();
    assertThatThrownBy(() -> rt.resolve(run.runId(), id, new Resolution(true, null, " ")))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.INVALID_REQUEST));
    assertThatThrownBy(() -> rt.resolve("run_nope", id, new Resolution(true, null, "a")))
        .satisfies(e -> assertThat(code(e)).isEqualTo(ErrorCode.RUN_NOT_FOUND));
    assertThat(rt.status(run.runId()).eventCount()).isEqualTo(events);
  }

  @Test
  void approval_goes_to_the_coordinator_agent_when_no_agent_is_allowed_by_name() {
    fx = new Fixture(tmp, workflow("ship", approval("signoff", null)));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("ship", "p");

    DriveResult parked = rt.drive(run.runId(), true);

    assertThat(parked.run().interactions().getFirst().question())
        .isEqualTo("approval requested by step signoff");
    assertThat(rt.pending(1000))
        .filteredOn(r -> r.type().equals("interaction.opened"))
        .extracting(r -> r.data().path("targetAgent").asString())
        .containsExactly("coordinator");
  }
}
