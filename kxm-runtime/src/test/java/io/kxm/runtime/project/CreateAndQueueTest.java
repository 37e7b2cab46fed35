package io.kxm.runtime.project;

import static io.kxm.runtime.project.Fixture.agent;
import static io.kxm.runtime.project.Fixture.gateStep;
import static io.kxm.runtime.project.Fixture.workflow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.ProjectBundle;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.api.RunSummary;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.api.ThrowingConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CreateAndQueueTest {
  @TempDir Path tmp;
  Fixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  private static ThrowingConsumer<Throwable> code(ErrorCode expected) {
    return e -> assertThat(((KxmException) e).code()).isEqualTo(expected);
  }

  @Test
  void a_run_beyond_the_limit_is_queued_and_starts_when_the_slot_frees() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary first = rt.create("build", "one");
    RunSummary second = rt.create("build", "two");

    assertThat(second.status()).isEqualTo("queued");
    assertThatThrownBy(() -> rt.drive(second.runId(), true)).satisfies(code(ErrorCode.RUN_QUEUED));

    rt.drive(first.runId(), true);

    assertThat(rt.status(second.runId()).run().status()).isEqualTo("created");
    assertThat(rt.status(second.runId()).reason()).isEqualTo("slot_freed");
    assertThat(rt.drive(second.runId(), true).run().run().status()).isEqualTo("completed");
    assertThat(rt.list())
        .extracting(RunSummary::runId)
        .containsExactly(first.runId(), second.runId());
  }

  @Test
  void a_higher_limit_lets_runs_start_side_by_side_and_a_queued_run_can_be_cancelled() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    fx.config.bundle = fx.bundle(2, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    assertThat(rt.create("build", "a").status()).isEqualTo("created");
    assertThat(rt.create("build", "b").status()).isEqualTo("created");
    RunSummary third = rt.create("build", "c");
    assertThat(third.status()).isEqualTo("queued");

    assertThat(rt.cancel(third.runId()).run().status()).isEqualTo("cancelled");
  }

  @Test
  void runs_created_from_many_threads_at_once_take_exactly_the_free_slots() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    fx.config.bundle = fx.bundle(2, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();

    List<RunSummary> runs =
        IntStream.range(0, 8).parallel().mapToObj(i -> rt.create("build", "prompt " + i)).toList();

    assertThat(runs).extracting(RunSummary::status).filteredOn("created"::equals).hasSize(2);
    assertThat(runs).extracting(RunSummary::status).filteredOn("queued"::equals).hasSize(6);
    assertThat(rt.list()).hasSize(8);
  }

  @Test
  void create_refuses_an_unknown_workflow_an_oversized_prompt_and_an_unrunnable_plan() {
    fx = new Fixture(tmp, workflow("build", gateStep("check", "nope")));
    ProjectRuntime rt = fx.open();

    assertThatThrownBy(() -> rt.create("ghost", "p"))
        .satisfies(code(ErrorCode.RUN_WORKFLOW_NOT_FOUND))
        .hasMessageContaining("known: [build]");
    assertThatThrownBy(() -> rt.create("build", "x".repeat(RunSlots.MAX_PROMPT_CHARS + 1)))
        .satisfies(code(ErrorCode.RUN_PROMPT_INVALID));
    assertThatThrownBy(() -> rt.create("build", "a\0b"))
        .satisfies(code(ErrorCode.RUN_PROMPT_INVALID));
    assertThatThrownBy(() -> rt.create("build", "p"))
        .satisfies(code(ErrorCode.RUN_PLAN_INVALID))
        .hasMessageContaining("gate 'nope' is not in gates.yaml");
    assertThat(rt.list()).isEmpty();
  }

  @Test
  void a_run_whose_pinned_revisions_drifted_is_refused_at_drive_time() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    fx.config.revisions = new Revisions("b2", "m1", "e1", "t1");

    assertThatThrownBy(() -> rt.drive(run.runId(), true))
        .satisfies(code(ErrorCode.RUN_REVISION_DRIFT))
        .hasMessageContaining(run.runId());
    assertThat(rt.status(run.runId()).eventCount()).isEqualTo(1);

    fx.config.revisions = new Revisions("b1", "m1", "e1", "t1");
    assertThat(rt.drive(run.runId(), true).run().run().status()).isEqualTo("completed");
  }

  @Test
  void a_live_drive_without_a_live_producer_is_refused_and_a_gate_only_run_needs_none() {
    ProjectBundle.Workflow agentFlow = workflow("build", agent("implement", "coder", "x"));
    ProjectBundle.Workflow gateFlow = workflow("check", gateStep("check", "ok"));
    fx = new Fixture(tmp, agentFlow, gateFlow);
    fx.config.bundle = fx.bundle(5, agentFlow, gateFlow);
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");

    assertThatThrownBy(() -> rt.drive(run.runId(), false))
        .satisfies(code(ErrorCode.RUN_HANDOFF_REQUIRED));
    RunSummary gates = rt.create("check", "p");
    assertThat(rt.drive(gates.runId(), false).run().run().status()).isEqualTo("completed");
  }

  @Test
  void a_finished_run_is_not_driven_again_and_unknown_runs_are_not_found() {
    fx = new Fixture(tmp, workflow("build", agent("implement", "coder", "x")));
    ProjectRuntime rt = fx.open();
    RunSummary run = rt.create("build", "p");
    rt.drive(run.runId(), true);

    assertThatThrownBy(() -> rt.drive(run.runId(), true)).satisfies(code(ErrorCode.RUN_TERMINAL));
    assertThatThrownBy(() -> rt.status("run_missing")).satisfies(code(ErrorCode.RUN_NOT_FOUND));
    assertThatThrownBy(() -> rt.verify("run_missing")).satisfies(code(ErrorCode.RUN_NOT_FOUND));
    assertThat(rt.receipt(run.runId())).isPresent();
  }
}
