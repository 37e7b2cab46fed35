package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.run.WorkflowRunStatus.COMPLETED;
import static io.kxm.core.workflow.run.WorkflowRunStatus.FAILED;
import static io.kxm.core.workflow.run.WorkflowRunStatus.RUNNING;
import static io.kxm.core.workflow.run.WorkflowRunStatus.WAITING;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class WorkflowRunTransitionTest {

  private static String edge(WorkflowRunStatus from, WorkflowRunStatus to) {
    return (from == null ? "[*]" : from.wire()) + ">" + to.wire();
  }

  @Test
  void the_table_holds_exactly_the_eight_edges_of_the_lifecycle_diagram() {
    Set<String> edges =
        Arrays.stream(WorkflowRunTransition.values())
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
    for (WorkflowRunStatus to : WorkflowRunStatus.values()) {
      assertThat(WorkflowRunTransition.allowed(COMPLETED, to)).isFalse();
      assertThat(WorkflowRunTransition.allowed(FAILED, to)).isFalse();
    }
  }

  @Test
  void waiting_never_moves_to_waiting() {
    assertThat(WorkflowRunTransition.allowed(WAITING, WAITING)).isFalse();
    assertThat(WorkflowRunTransition.from(WAITING))
        .containsExactlyInAnyOrder(
            WorkflowRunTransition.RESUME,
            WorkflowRunTransition.COMPLETE_ON_SIGNAL,
            WorkflowRunTransition.FAIL_WHILE_WAITING);
  }

  @Test
  void wire_names_round_trip() {
    for (WorkflowRunStatus status : WorkflowRunStatus.values()) {
      assertThat(WorkflowRunStatus.fromWire(status.wire())).isEqualTo(status);
    }
  }
}
