package io.kxm.runtime.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Revisions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunFoldTest {
  static final Instant AT = Instant.parse("2026-11-30T12:00:00Z");

  /** Seals events into a chain the way the store does. */
  static List<StoredEvent> chain(String runId, List<RunEvent> events) {
    List<StoredEvent> out = new ArrayList<>();
    String prev = StoredEvent.GENESIS;
    for (RunEvent e : events) {
      StoredEvent s = StoredEvent.seal(runId, out.size() + 1, AT, prev, e);
      out.add(s);
      prev = s.hash();
    }
    return out;
  }

  static RunEvent created() {
    return new RunEvent.RunCreated("wf", "00".repeat(32), new Revisions("b", "m", "e", "t"), null);
  }

  static List<RunEvent> started(String... steps) {
    List<RunEvent> events = new ArrayList<>();
    events.add(created());
    events.add(new RunEvent.RunMoved(RunStatus.PREPARING, null));
    events.add(
        new RunEvent.PlanPinned(
            "11".repeat(32),
            java.util.Arrays.stream(steps)
                .map(s -> new RunEvent.PlannedStep(s, "agent"))
                .toList()));
    events.add(new RunEvent.RunMoved(RunStatus.RUNNING, null));
    return events;
  }

  private static void refused(List<RunEvent> events) {
    assertThatThrownBy(() -> RunFold.fold(chain("run_1", events)))
        .isInstanceOf(KxmException.class)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
  }

  @Test
  void a_started_run_folds_to_running_with_its_steps_pending() {
    RunState s = RunFold.fold(chain("run_1", started("a", "b")));
    assertThat(s.status()).isEqualTo(RunStatus.RUNNING);
    assertThat(s.steps().keySet()).containsExactly("a", "b");
    assertThat(s.steps().values()).allMatch(st -> st.status() == StepStatus.PENDING);
    assertThat(s.lastSequence()).isEqualTo(4);
  }

  @Test
  void the_fold_refuses_events_the_tables_or_the_plan_do_not_allow() {
    refused(List.of(new RunEvent.RunMoved(RunStatus.RUNNING, null)));
    refused(List.of(created(), created()));
    refused(List.of(created(), new RunEvent.RunMoved(RunStatus.COMPLETED, null)));
    refused(List.of(created(), new RunEvent.PlanPinned("x", List.of())));
    List<RunEvent> skipAhead = started("a");
    skipAhead.add(new RunEvent.StepMoved("a", StepStatus.PASSED, null));
    refused(skipAhead);
    List<RunEvent> unknownStep = started("a");
    unknownStep.add(new RunEvent.StepMoved("zz", StepStatus.PREPARING, null));
    refused(unknownStep);
    List<RunEvent> attemptWithoutAssignment = started("a");
    attemptWithoutAssignment.add(
        new RunEvent.AttemptMoved("t", "nope", "a", AttemptStatus.CREATED, null, "h", null));
    refused(attemptWithoutAssignment);
    List<RunEvent> terminalWithoutResult = started("a");
    terminalWithoutResult.add(
        new RunEvent.AssignmentMoved("s", "a", "coder", AssignmentStatus.CREATED));
    terminalWithoutResult.add(
        new RunEvent.AttemptMoved("t", "s", "a", AttemptStatus.CREATED, null, "h", null));
    terminalWithoutResult.add(
        new RunEvent.AttemptMoved("t", "s", "a", AttemptStatus.TERMINAL, null, null, null));
    refused(terminalWithoutResult);
    List<RunEvent> resolveUnknown = started("a");
    resolveUnknown.add(new RunEvent.InteractionResolved("i", true, null, "ana"));
    refused(resolveUnknown);
  }

  @Test
  void a_sequence_gap_is_refused() {
    List<StoredEvent> events = chain("run_1", started("a"));
    events.remove(1);
    assertThatThrownBy(() -> RunFold.fold(events))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("expected sequence 2");
  }
}
