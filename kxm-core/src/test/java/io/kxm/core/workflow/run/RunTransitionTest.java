package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.run.RunStatus.COMPLETED;
import static io.kxm.core.workflow.run.RunStatus.FAILED;
import static io.kxm.core.workflow.run.RunStatus.RUNNING;
import static io.kxm.core.workflow.run.RunStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RunTransitionTest {

  private static String edge(RunStatus from, RunStatus to) {
    return (from == null ? "[*]" : from.wire()) + ">" + to.wire();
  }

  @Test
  void the_table_holds_exactly_the_eight_edges_of_the_lifecycle_diagram() {
    Set<String> edges =
        Arrays.stream(RunTransition.values())
            .map(t -> edge(t.source(), t.target()))
            .collect(Collectors.toSet());

    assertThat(edges)
        .containsExactlyInAnyOrder(
            "[*]>running",
            "running>running",
            "running>waiting",
            "waiting>running",
            "running>completed",
            "waiting>completed",
            "running>failed",
            "waiting>failed");
  }

  @Test
  void completed_and_failed_are_terminal_and_nothing_leaves_them() {
    assertThat(COMPLETED.isTerminal()).isTrue();
    assertThat(FAILED.isTerminal()).isTrue();
    assertThat(RUNNING.isTerminal()).isFalse();
    assertThat(WAITING.isTerminal()).isFalse();
    for (RunStatus to : RunStatus.values()) {
      assertThat(RunTransition.allowed(COMPLETED, to)).isFalse();
      assertThat(RunTransition.allowed(FAILED, to)).isFalse();
    }
  }

  @Test
  void waiting_never_moves_to_waiting() {
    assertThat(RunTransition.allowed(WAITING, WAITING)).isFalse();
    assertThat(RunTransition.from(WAITING))
        .containsExactlyInAnyOrder(
            RunTransition.RESUME,
            RunTransition.COMPLETE_ON_SIGNAL,
            RunTransition.FAIL_WHILE_WAITING);
  }

  @Test
  void wire_names_round_trip() {
    for (RunStatus status : RunStatus.values()) {
      assertThat(RunStatus.fromWire(status.wire())).isEqualTo(status);
    }
  }
}
