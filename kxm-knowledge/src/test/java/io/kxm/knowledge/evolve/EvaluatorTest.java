package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.runtime.gate.ProcessGateExecutor;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

class EvaluatorTest {
  private final EvolveTask mirror =
      TaskSet.load(ArcTasks.folder()).stream()
          .filter(t -> t.id().equals("mirror-a"))
          .findFirst()
          .orElseThrow();

  @Test
  void exact_match_solves_only_with_every_cell_right_and_ignores_prose() {
    ExactMatchEvaluator exact = new ExactMatchEvaluator();

    Evaluation right = exact.evaluate(mirror, "Mirrored each row.\n```\n201\n003\n```\nDone.");
    Evaluation wrong = exact.evaluate(mirror, "201\n030");
    Evaluation none = exact.evaluate(mirror, "I could not find the rule.");

    assertThat(right.solved()).isTrue();
    assertThat(right.score()).isEqualTo(1.0);
    assertThat(wrong.solved()).isFalse();
    assertThat(wrong.score()).isZero();
    assertThat(none.detail()).contains("0 grids in the answer");
  }

  @Test
  void answer_grids_split_on_other_lines_and_on_width_changes() {
    assertThat(AnswerGrids.parse("12\n34\nthen\n5 6 7\n890\n1"))
        .extracting(Grid::text)
        .containsExactly("12\n34", "567\n890", "1");
  }

  @Test
  void exact_match_refuses_a_task_without_test_outputs() {
    EvolveTask hidden =
        new EvolveTask(
            "h", mirror.train(), List.of(new GridPair(mirror.test().get(0).input(), null)));

    assertThatThrownBy(() -> new ExactMatchEvaluator().check(hidden))
        .hasMessageContaining("task 'h': test[0].output is missing");
  }

  @Test
  @DisabledOnOs(OS.WINDOWS)
  void gate_command_gets_the_answer_and_task_files_and_exit_zero_solves() {
    // sh receives the answer path as $1 and the task path as $2
    GateEvaluator gate =
        new GateEvaluator(
            List.of("sh", "-c", "grep -qx 201 \"$1\" && grep -q train \"$2\"", "sh"),
            Duration.ofSeconds(30),
            new ProcessGateExecutor());

    assertThat(gate.evaluate(mirror, "201\n003").solved()).isTrue();
    Evaluation refused = gate.evaluate(mirror, "102\n300");
    assertThat(refused.solved()).isFalse();
    assertThat(refused.detail()).isEqualTo("gate command exited 1");
  }

  @Test
  void a_gate_program_that_does_not_exist_scores_zero_with_the_reason() {
    GateEvaluator gate =
        new GateEvaluator(
            List.of("/nonexistent/kxm-gate"), Duration.ofSeconds(5), new ProcessGateExecutor());

    Evaluation e = gate.evaluate(mirror, "201\n003");

    assertThat(e.solved()).isFalse();
    assertThat(e.detail()).startsWith("gate command did not start");
  }
}
