package io.kxm.runtime.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every pair of states of every machine, checked against the edges written out again here: a change
 * to a table that nobody meant shows up as a failing pair.
 */
class TransitionTablesTest {

  @Test
  void run_table_allows_exactly_its_edges_and_refuses_every_other_pair() {
    Map<RunStatus, Set<RunStatus>> edges =
        Map.of(
            RunStatus.CREATED,
            Set.of(
                RunStatus.PREPARING,
                RunStatus.QUEUED,
                RunStatus.CANCELLING,
                RunStatus.CANCELLED,
                RunStatus.FAILED),
            RunStatus.QUEUED,
            Set.of(RunStatus.CREATED, RunStatus.CANCELLED),
            RunStatus.PREPARING,
            Set.of(RunStatus.RUNNING, RunStatus.FAILED, RunStatus.CANCELLING, RunStatus.CANCELLED),
            RunStatus.RUNNING,
            Set.of(
                RunStatus.COMPLETED,
                RunStatus.FAILED,
                RunStatus.CANCELLED,
                RunStatus.CANCELLING,
                RunStatus.BLOCKED_UNCERTAIN,
                RunStatus.WAITING,
                RunStatus.RETRY_PENDING),
            RunStatus.WAITING,
            Set.of(RunStatus.RUNNING, RunStatus.CANCELLING, RunStatus.FAILED),
            RunStatus.RETRY_PENDING,
            Set.of(RunStatus.RUNNING, RunStatus.CANCELLING, RunStatus.FAILED),
            RunStatus.BLOCKED_UNCERTAIN,
            Set.of(RunStatus.RUNNING, RunStatus.FAILED, RunStatus.CANCELLING),
            RunStatus.CANCELLING,
            Set.of(RunStatus.CANCELLED, RunStatus.FAILED));
    checkEveryPair(RunStatus.TABLE, RunStatus.class, edges);
    for (RunStatus s : RunStatus.values()) {
      assertThat(s.terminal()).isEqualTo(RunStatus.TABLE.next(s).isEmpty());
    }
  }

  @Test
  void step_table_allows_exactly_its_edges_and_refuses_every_other_pair() {
    Map<StepStatus, Set<StepStatus>> edges =
        Map.of(
            StepStatus.PENDING,
            Set.of(StepStatus.PREPARING, StepStatus.SKIPPED, StepStatus.CANCELLED),
            StepStatus.PREPARING,
            Set.of(StepStatus.RUNNING, StepStatus.FAILED, StepStatus.CANCELLED),
            StepStatus.RUNNING,
            Set.of(
                StepStatus.PASSED,
                StepStatus.FAILED,
                StepStatus.CANCELLED,
                StepStatus.WAITING,
                StepStatus.RETRY_PENDING),
            StepStatus.WAITING,
            Set.of(StepStatus.RUNNING, StepStatus.FAILED, StepStatus.CANCELLED),
            StepStatus.RETRY_PENDING,
            Set.of(StepStatus.RUNNING, StepStatus.FAILED, StepStatus.CANCELLED));
    checkEveryPair(StepStatus.TABLE, StepStatus.class, edges);
    for (StepStatus s : StepStatus.values()) {
      assertThat(s.terminal()).isEqualTo(StepStatus.TABLE.next(s).isEmpty());
    }
  }

  @Test
  void assignment_table_is_linear_with_an_early_end_from_every_open_state() {
    Map<AssignmentStatus, Set<AssignmentStatus>> edges =
        Map.of(
            AssignmentStatus.CREATED,
            Set.of(AssignmentStatus.ACCEPTED, AssignmentStatus.TERMINAL),
            AssignmentStatus.ACCEPTED,
            Set.of(AssignmentStatus.DISPATCHED, AssignmentStatus.TERMINAL),
            AssignmentStatus.DISPATCHED,
            Set.of(AssignmentStatus.EXECUTING, AssignmentStatus.TERMINAL),
            AssignmentStatus.EXECUTING,
            Set.of(AssignmentStatus.RESULT_RECORDED, AssignmentStatus.TERMINAL),
            AssignmentStatus.RESULT_RECORDED,
            Set.of(AssignmentStatus.TERMINAL));
    checkEveryPair(AssignmentStatus.TABLE, AssignmentStatus.class, edges);
  }

  @Test
  void attempt_table_settles_every_started_attempt_before_it_ends() {
    Map<AttemptStatus, Set<AttemptStatus>> edges =
        Map.of(
            AttemptStatus.CREATED,
            Set.of(AttemptStatus.STARTING, AttemptStatus.TERMINAL),
            AttemptStatus.STARTING,
            Set.of(AttemptStatus.EXECUTING, AttemptStatus.SETTLING),
            AttemptStatus.EXECUTING,
            Set.of(AttemptStatus.SETTLING),
            AttemptStatus.SETTLING,
            Set.of(AttemptStatus.TERMINAL));
    checkEveryPair(AttemptStatus.TABLE, AttemptStatus.class, edges);
  }

  @Test
  void a_refusal_names_the_machine_the_object_and_both_states() {
    assertThatThrownBy(() -> RunStatus.TABLE.require(RunStatus.COMPLETED, RunStatus.RUNNING, "r1"))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("run r1 cannot go from completed to running");
  }

  private static <S extends Enum<S>> void checkEveryPair(
      TransitionTable<S> table, Class<S> type, Map<S, Set<S>> edges) {
    int allowed = 0;
    int refused = 0;
    for (S from : EnumSet.allOf(type)) {
      for (S to : EnumSet.allOf(type)) {
        boolean expected = edges.getOrDefault(from, Set.of()).contains(to);
        assertThat(table.allows(from, to)).as(from + " -> " + to).isEqualTo(expected);
        if (expected) {
          table.require(from, to, "x");
          allowed++;
        } else {
          assertThatThrownBy(() -> table.require(from, to, "x"))
              .as(from + " -> " + to)
              .isInstanceOf(KxmException.class)
              .extracting(e -> ((KxmException) e).code())
              .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
          refused++;
        }
      }
    }
    int states = type.getEnumConstants().length;
    assertThat(allowed + refused).isEqualTo(states * states);
    assertThat(allowed).isEqualTo(edges.values().stream().mapToInt(Set::size).sum());
  }
}
