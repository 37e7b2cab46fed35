package io.kxm.core.workflow.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.Fixtures;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random definitions driven by random sequences of checkpoints, waits, signals, deadline ticks,
 * replies and prompt expiries. Whatever happens, the run moves only along the edges of the
 * lifecycle, ends for good, and is the same whenever its history is folded again.
 */
class WorkflowRunFoldPropertyTest {
  private static final String[] STAGES = {"a", "b", "c"};

  enum Kind {
    PASS,
    PASS_BARE,
    WARN,
    FAIL,
    WAIT,
    SIGNAL,
    SIGNAL_WRONG_KEY,
    SIGNAL_AGAIN,
    TICK,
    REPLY,
    EXPIRE,
    DEGRADE
  }

  record Action(Kind kind, int arg) {}

  @Provide
  Arbitrary<List<Action>> actions() {
    return Combinators.combine(Arbitraries.of(Kind.class), Arbitraries.integers().between(0, 99))
        .as(Action::new)
        .list()
        .ofMinSize(1)
        .ofMaxSize(40);
  }

  @Property(tries = 400)
  void a_run_never_leaves_the_lifecycle_and_its_fold_is_deterministic(
      @ForAll long seed, @ForAll("actions") List<Action> actions) {
    simulate(seed, actions);
  }

  /** Guards the generators: random runs must reach every edge, or the property proves little. */
  @Example
  void random_runs_reach_every_transition_of_the_table() {
    java.util.Set<WorkflowRunTransition> seen =
        java.util.EnumSet.noneOf(WorkflowRunTransition.class);
    Random random = new Random(7);
    for (int i = 0; i < 300; i++) {
      List<Action> actions = new ArrayList<>();
      for (int j = 0; j < 30; j++) {
        actions.add(
            new Action(Kind.values()[random.nextInt(Kind.values().length)], random.nextInt(100)));
      }
      seen.addAll(simulate(random.nextLong(), actions).path());
    }
    assertThat(seen).containsExactlyInAnyOrder(WorkflowRunTransition.values());
  }

  private static WorkflowRun simulate(long seed, List<Action> actions) {
    WorkflowDefinition definition = definition(new Random(seed));
    List<WorkflowRunEvent> history =
        new ArrayList<>(
            WorkflowRunStart.events(definition, "d0", Fixtures.PAYLOAD_HASH, Fixtures.T0));
    WorkflowRun run = WorkflowRunFold.fold("wfr_p", history);
    WorkflowRunEvent prompt = WorkflowRunStart.promptSent(run, "msg_0", Fixtures.T0);
    history.add(prompt);
    run = WorkflowRunFold.apply(run, List.of(prompt));
    Instant now = Fixtures.T0;
    String lastDelivery = null;
    int n = 0;
    for (Action action : actions) {
      n++;
      now = now.plusSeconds(1);
      if (action.kind() == Kind.TICK) {
        now = now.plus(Duration.ofMinutes(action.arg() * 20L));
      }
      boolean wasTerminal = run.isTerminal();
      String delivery =
          action.kind() == Kind.SIGNAL_AGAIN && lastDelivery != null ? lastDelivery : "d" + n;
      Decision decision = decide(definition, run, action, now, delivery);
      if (decision instanceof Decision.Applied applied) {
        assertThat(wasTerminal).as("a finished run changed").isFalse();
        history.addAll(applied.events());
        run = applied.run();
        if (applied.instruction() != null
            && applied.instruction().notice() == Instruction.Notice.PROMPT) {
          WorkflowRunEvent fresh = WorkflowRunStart.promptSent(run, "msg_" + n, now);
          history.add(fresh);
          run = WorkflowRunFold.apply(run, List.of(fresh));
        }
        if (action.kind() == Kind.SIGNAL || action.kind() == Kind.SIGNAL_AGAIN) {
          lastDelivery = delivery;
        }
      }
      checkInvariants(definition, run, history);
    }
    List<WorkflowRunEvent> reread =
        history.stream().map(e -> Json.read(Json.write(e), WorkflowRunEvent.class)).toList();
    assertThat(WorkflowRunFold.fold("wfr_p", reread)).isEqualTo(run);
    return run;
  }

  private static void checkInvariants(
      WorkflowDefinition definition, WorkflowRun run, List<WorkflowRunEvent> history) {
    assertThat(WorkflowRunFold.fold("wfr_p", history)).isEqualTo(run);
    assertThat(run.version()).isEqualTo(history.size());
    List<WorkflowRunTransition> path = run.path();
    assertThat(path.getFirst()).isEqualTo(WorkflowRunTransition.START);
    for (int i = 1; i < path.size(); i++) {
      assertThat(path.get(i).source()).isEqualTo(path.get(i - 1).target());
      assertThat(WorkflowRunTransition.allowed(path.get(i).source(), path.get(i).target()))
          .isTrue();
    }
    assertThat(run.status()).isEqualTo(path.getLast().target());
    assertThat(path.stream().filter(t -> t.target().isTerminal()).count()).isLessThanOrEqualTo(1);
    assertThat(run.waiting() != null).isEqualTo(run.status() == WorkflowRunStatus.WAITING);
    assertThat(run.failure() != null).isEqualTo(run.status() == WorkflowRunStatus.FAILED);
    StageDefinition stage = definition.stage(run.currentStage()).orElseThrow();
    assertThat(run.currentAttempt()).isBetween(1, stage.maxAttempts());
    assertThat(run.transitionsTaken()).isLessThanOrEqualTo(definition.maxTransitions());
  }

  private static Decision decide(
      WorkflowDefinition definition, WorkflowRun run, Action action, Instant now, String delivery) {
    String stage = run.currentStage();
    String key = run.waiting() == null ? "ci-" + action.arg() : run.waiting().signalKey();
    CheckpointStatus status = CheckpointStatus.values()[action.arg() % 3];
    return switch (action.kind()) {
      case PASS -> checkpoint(definition, run, CheckpointStatus.PASSED, Map.of("tests", "ok"), now);
      case PASS_BARE -> checkpoint(definition, run, CheckpointStatus.PASSED, Map.of(), now);
      case WARN -> checkpoint(definition, run, CheckpointStatus.WARNING, Map.of(), now);
      case FAIL -> checkpoint(definition, run, CheckpointStatus.FAILED, Map.of(), now);
      case WAIT ->
          Waits.decide(
              definition,
              run,
              new WaitCommand(
                  run.id(),
                  "lead",
                  stage,
                  "ci-" + action.arg(),
                  "s",
                  Map.of(),
                  Map.of(),
                  Duration.ofMinutes(1 + action.arg() * 10L)),
              Map.of(),
              now);
      case SIGNAL, SIGNAL_AGAIN -> signal(definition, run, key, delivery, status, now);
      case SIGNAL_WRONG_KEY -> signal(definition, run, key + "-x", delivery, status, now);
      case TICK -> CoordinatorEvents.deadline(run, now);
      case REPLY -> CoordinatorEvents.replied(run, run.promptMessageId(), now);
      case EXPIRE -> CoordinatorEvents.promptExpired(run, run.promptMessageId(), now);
      case DEGRADE ->
          Degrades.decide(
              definition,
              run,
              new DegradeCommand(run.id(), stage, "tests", 0, action.arg() % 2 == 0, "r"),
              now);
    };
  }

  private static Decision checkpoint(
      WorkflowDefinition definition,
      WorkflowRun run,
      CheckpointStatus status,
      Map<String, String> evidence,
      Instant now) {
    return Checkpoints.decide(
        definition,
        run,
        new CheckpointCommand(
            run.id(), "lead", run.currentStage(), status, "s", evidence, Map.of()),
        Map.of(),
        now);
  }

  private static Decision signal(
      WorkflowDefinition definition,
      WorkflowRun run,
      String key,
      String delivery,
      CheckpointStatus status,
      Instant now) {
    return Signals.decide(
        definition,
        run,
        new SignalCommand(
            run.id(),
            key,
            delivery,
            Tokens.sha256Hex(delivery),
            status,
            null,
            Map.of("tests", "from ci")),
        now);
  }

  /** One to three stages with random attempts, escalation, routes and budgets. */
  static WorkflowDefinition definition(Random random) {
    int count = 1 + random.nextInt(3);
    List<StageDefinition> stages = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int attempts = 1 + random.nextInt(4);
      Map<String, TransitionEdge> on = new LinkedHashMap<>();
      for (String outcome : new String[] {"passed", "warning", "failed"}) {
        if (random.nextInt(4) == 0) {
          on.put(
              outcome,
              new TransitionEdge(
                  STAGES[random.nextInt(count)],
                  random.nextBoolean() ? null : 1 + random.nextInt(3)));
        }
      }
      Integer escalate =
          attempts > 1 && random.nextBoolean() ? 1 + random.nextInt(attempts - 1) : null;
      stages.add(
          new StageDefinition(
              STAGES[i],
              "do " + STAGES[i],
              List.of("tests"),
              attempts,
              null,
              random.nextBoolean()
                  ? Map.of()
                  : Map.of(
                      "tests",
                      new io.kxm.core.workflow.definition.EvidencePolicy(
                          List.of("alice"), 1, true)),
              on,
              random.nextBoolean() ? null : 1 + random.nextInt(3),
              escalate));
    }
    return new WorkflowDefinition(
        "prop", "demo", "lead", "go", "ENV", null, null, null, random.nextInt(5), stages);
  }
}
