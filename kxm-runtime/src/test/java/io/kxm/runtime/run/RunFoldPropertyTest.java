package io.kxm.runtime.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random walks through the state machines: every generated log is valid by construction, folds to
 * the same state every time, and any one changed character of any stored event is caught by the
 * chain check, which names that event.
 */
class RunFoldPropertyTest {

  @Property(tries = 100)
  void folding_a_valid_log_is_deterministic_and_matches_folding_event_by_event(
      @ForAll @Size(max = 80) List<@IntRange(min = 0, max = 10_000) Integer> choices) {
    List<StoredEvent> log = RunFoldTest.chain("run_p", walk(choices));

    RunState once = RunFold.fold(log);
    RunState twice = RunFold.fold(List.copyOf(log));
    RunState incremental = null;
    for (StoredEvent e : log) {
      incremental = RunFold.apply(incremental, e);
    }
    List<StoredEvent> reread = new ArrayList<>();
    for (StoredEvent e : log) {
      reread.add(
          new StoredEvent(
              e.runId(), e.sequence(), e.type(), e.at(), e.prevHash(), e.body(), e.hash()));
    }

    assertThat(twice).isEqualTo(once);
    assertThat(incremental).isEqualTo(once);
    assertThat(RunFold.fold(reread)).isEqualTo(once);
    assertThat(once.lastSequence()).isEqualTo(log.size());
    assertThat(RunChain.verify("run_p", log).ok()).isTrue();
  }

  @Property(tries = 200)
  void one_changed_character_of_any_stored_event_breaks_verify_at_that_event(
      @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 10_000) Integer> choices,
      @ForAll @IntRange(min = 0, max = 100_000) int which,
      @ForAll @IntRange(min = 0, max = 3) int column,
      @ForAll @IntRange(min = 0, max = 100_000) int position) {
    List<StoredEvent> log = new ArrayList<>(RunFoldTest.chain("run_p", walk(choices)));
    int index = which % log.size();
    StoredEvent e = log.get(index);
    StoredEvent altered =
        switch (column) {
          case 0 ->
              new StoredEvent(
                  e.runId(),
                  e.sequence(),
                  e.type(),
                  e.at(),
                  e.prevHash(),
                  flip(e.body(), position),
                  e.hash());
          case 1 ->
              new StoredEvent(
                  e.runId(),
                  e.sequence(),
                  e.type(),
                  e.at(),
                  e.prevHash(),
                  e.body(),
                  flip(e.hash(), position));
          case 2 ->
              new StoredEvent(
                  e.runId(),
                  e.sequence(),
                  e.type(),
                  e.at(),
                  flip(e.prevHash(), position),
                  e.body(),
                  e.hash());
          default ->
              new StoredEvent(
                  e.runId(),
                  e.sequence(),
                  flip(e.type(), position),
                  e.at(),
                  e.prevHash(),
                  e.body(),
                  e.hash());
        };
    log.set(index, altered);

    RunChain.Check check = RunChain.verify("run_p", log);

    assertThat(check.ok()).isFalse();
    assertThat(check.firstBadSequence()).isEqualTo(index + 1L);
  }

  /** Changes one character to another one. */
  static String flip(String text, int position) {
    int i = position % text.length();
    char c = text.charAt(i);
    char replacement = c == 'a' ? 'b' : 'a';
    return text.substring(0, i) + replacement + text.substring(i + 1);
  }

  /** Builds a valid log: at each point, picks one of the events the current state allows. */
  static List<RunEvent> walk(List<Integer> choices) {
    List<RunEvent> events = RunFoldTest.started("s1", "s2", "s3");
    RunState state = RunFold.fold(RunFoldTest.chain("run_p", events));
    int counter = 0;
    for (int choice : choices) {
      List<RunEvent> options = options(state, counter++, choice);
      if (options.isEmpty()) {
        break;
      }
      RunEvent next = options.get(choice % options.size());
      events.add(next);
      StoredEvent sealed =
          StoredEvent.seal(
              "run_p", state.lastSequence() + 1, RunFoldTest.AT, state.lastHash(), next);
      state = RunFold.apply(state, sealed);
    }
    return events;
  }

  private static List<RunEvent> options(RunState s, int n, int choice) {
    List<RunEvent> out = new ArrayList<>();
    for (RunStatus to : RunStatus.TABLE.next(s.status())) {
      out.add(new RunEvent.RunMoved(to, "r" + n));
    }
    for (RunState.Step step : s.steps().values()) {
      for (StepStatus to : StepStatus.TABLE.next(step.status())) {
        out.add(new RunEvent.StepMoved(step.stepId(), to, null));
      }
      out.add(
          new RunEvent.AssignmentMoved(
              "asg_" + n, step.stepId(), "agent" + choice % 3, AssignmentStatus.CREATED));
      out.add(new RunEvent.InteractionOpened("int_" + n, step.stepId(), "approval", "q?", "lead"));
    }
    for (RunState.Assignment a : s.assignments().values()) {
      for (AssignmentStatus to : AssignmentStatus.TABLE.next(a.status())) {
        out.add(new RunEvent.AssignmentMoved(a.assignmentId(), a.stepId(), a.agentId(), to));
      }
      out.add(
          new RunEvent.AttemptMoved(
              "att_" + n,
              a.assignmentId(),
              a.stepId(),
              AttemptStatus.CREATED,
              null,
              "cap" + n,
              null));
    }
    for (RunState.Attempt a : s.attempts().values()) {
      for (AttemptStatus to : AttemptStatus.TABLE.next(a.status())) {
        AttemptResult result =
            to == AttemptStatus.TERMINAL
                ? AttemptResult.values()[choice % AttemptResult.values().length]
                : null;
        out.add(
            new RunEvent.AttemptMoved(
                a.attemptId(), a.assignmentId(), a.stepId(), to, result, null, "d" + n));
      }
      out.add(
          new RunEvent.AnswerRecorded(
              a.stepId(), a.assignmentId(), a.attemptId(), "agent", "answer ü " + n));
      out.add(
          new RunEvent.GateObserved(
              a.stepId(), a.attemptId(), "g", "gob_" + n, "exited", choice % 2, "ee".repeat(32)));
    }
    for (RunState.Interaction i : s.interactions().values()) {
      if (!i.resolved()) {
        out.add(new RunEvent.InteractionResolved(i.interactionId(), choice % 2 == 0, "ok", "ana"));
      }
    }
    return out;
  }
}
