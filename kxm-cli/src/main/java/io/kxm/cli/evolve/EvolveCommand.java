package io.kxm.cli.evolve;

import io.kxm.cli.CliContext;
import io.kxm.knowledge.DistillationProducer;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.KnowledgeStores;
import io.kxm.knowledge.evolve.AttemptEvaluator;
import io.kxm.knowledge.evolve.AttemptProducer;
import io.kxm.knowledge.evolve.Evolution;
import io.kxm.knowledge.evolve.EvolutionResult;
import io.kxm.knowledge.evolve.EvolutionStore;
import io.kxm.knowledge.evolve.EvolveSettings;
import io.kxm.knowledge.evolve.EvolveTask;
import io.kxm.knowledge.evolve.ExactMatchEvaluator;
import io.kxm.knowledge.evolve.ForumVoice;
import io.kxm.knowledge.evolve.GateEvaluator;
import io.kxm.knowledge.evolve.HarnessAttemptProducer;
import io.kxm.knowledge.evolve.LoopKnowledge;
import io.kxm.knowledge.evolve.SimulatedAttemptProducer;
import io.kxm.knowledge.evolve.SimulatedDistillation;
import io.kxm.knowledge.evolve.SimulatedForumVoice;
import io.kxm.knowledge.evolve.TaskSet;
import io.kxm.runtime.gate.ProcessGateExecutor;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.turn.Harnesses;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kxm evolve TASKS}: run (or resume) the generation loop over ARC-format tasks. */
@Command(
    name = "evolve",
    mixinStandardHelpOptions = true,
    description =
        "Run generations of agents over ARC-format tasks: attempts scored and stored, forum"
            + " rounds, distilled bundles that seed the next generation. Running it again over the"
            + " same --db resumes the run without repeating a finished attempt. Progress goes to"
            + " stderr. TASKS is a task JSON file, a JSON object of task ids to tasks, or a folder"
            + " of task files; see docs/evolve.md.",
    subcommands = {EvolveReportCommand.class})
public final class EvolveCommand implements Callable<Integer> {
  static final String SIMULATED = "simulated";

  private final CliContext context;

  @Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "TASKS", description = "The tasks.")
  Path tasks;

  @Option(names = "--db", paramLabel = "FILE", description = EvolveDb.DESCRIPTION)
  Path db;

  @Option(
      names = "--producer",
      paramLabel = "NAME",
      description =
          "Who makes attempts: 'simulated' (no model; for trying the loop) or a harness type"
              + " (command, claude-code, codex, pi, builtin).")
  String producer;

  @Option(
      names = "--harness-arg",
      paramLabel = "ARG",
      description = "One argument of the command harness's argv (repeat, program first).")
  List<String> harnessArgs = new ArrayList<>();

  @Option(names = "--model", paramLabel = "MODEL", description = "Model passed to the harness.")
  String model;

  @Option(
      names = "--workspace",
      paramLabel = "DIR",
      description = "Folder harness turns run in (default: this folder).")
  Path workspace;

  @Option(
      names = "--attempt-timeout-s",
      defaultValue = "600",
      paramLabel = "S",
      description = "Seconds one harness turn may run (default: ${DEFAULT-VALUE}).")
  int attemptTimeoutSeconds;

  @Option(
      names = "--generations",
      defaultValue = "1",
      paramLabel = "N",
      description = "Generations in all (default: ${DEFAULT-VALUE}).")
  int generations;

  @Option(
      names = "--population",
      defaultValue = "1",
      paramLabel = "N",
      description = "Agents, agent-1 to agent-N (default: ${DEFAULT-VALUE}).")
  int population;

  @Option(
      names = "--attempts-per-task",
      defaultValue = "1",
      paramLabel = "N",
      description =
          "Agents attempting each task per generation, at most the population (default: ${DEFAULT-VALUE}).")
  int attemptsPerTask;

  @Option(
      names = "--per-task-forum-rounds",
      defaultValue = "0",
      paramLabel = "N",
      description =
          "Forum rounds in each task's room after a generation (default: ${DEFAULT-VALUE}).")
  int perTaskForumRounds;

  @Option(
      names = "--cross-task-forum-rounds",
      defaultValue = "0",
      paramLabel = "N",
      description = "Forum rounds in the room shared by all tasks (default: ${DEFAULT-VALUE}).")
  int crossTaskForumRounds;

  @Option(
      names = "--forum-early-exit",
      description = "End a forum phase once every participant signalled done.")
  boolean forumEarlyExit;

  @Option(
      names = "--forum-round-timeout-s",
      defaultValue = "600",
      paramLabel = "S",
      description = "Seconds one forum round may run (default: ${DEFAULT-VALUE}).")
  int forumRoundTimeoutSeconds;

  @Option(
      names = "--distill",
      description = "Distil bundles after each generation for the next one's seeds.")
  boolean distill;

  @Option(
      names = "--no-memory",
      description =
          "Seeds hold only the task: no prior attempts, bundles, memory brief, forums, distilling or seed bundle.")
  boolean noMemory;

  @Option(
      names = "--seed-bundle",
      paramLabel = "FILE",
      description =
          "Import a bundle written by 'kxm knowledge export' before the first generation.")
  Path seedBundle;

  @Option(names = "--keep-solved", description = "Keep solved tasks in later generations.")
  boolean keepSolved;

  @Option(
      names = "--gate",
      paramLabel = "ARG",
      description =
          "Score with a command instead of exact grid matching: one argument per --gate, program first; the answer and task files are appended; exit 0 solves.")
  List<String> gate = new ArrayList<>();

  @Option(
      names = "--gate-timeout-s",
      defaultValue = "60",
      paramLabel = "S",
      description = "Seconds the gate command may run (default: ${DEFAULT-VALUE}).")
  int gateTimeoutSeconds;

  @Option(names = "--json", description = "Print the final summary as JSON on stdout.")
  boolean json;

  public EvolveCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (tasks == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "missing TASKS: a tasks file or folder (or 'report')");
    }
    if (producer == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "missing --producer: 'simulated' or a harness type");
    }
    positive("--attempt-timeout-s", attemptTimeoutSeconds);
    positive("--forum-round-timeout-s", forumRoundTimeoutSeconds);
    positive("--gate-timeout-s", gateTimeoutSeconds);
    EvolveSettings settings = settings();
    List<EvolveTask> loaded = TaskSet.load(resolve(tasks));
    Path file = EvolveDb.path(context, db);
    EvolveProgress progress = new EvolveProgress(context.err());
    RuntimeDatabase where = RuntimeDatabase.fromEnvironment(context.env());
    try (KnowledgeStore kdb = KnowledgeStores.open(where, file, Clock.systemUTC())) {
      AttemptProducer attempts;
      ForumVoice voice;
      DistillationProducer distillation;
      if (producer.equals(SIMULATED)) {
        attempts = new SimulatedAttemptProducer();
        voice = new SimulatedForumVoice();
        distillation = new SimulatedDistillation();
      } else {
        HarnessAttemptProducer harness = harnessProducer();
        attempts = harness;
        voice = harness;
        distillation = harness;
      }
      EvolutionResult result =
          Evolution.builder()
              .tasks(loaded)
              .settings(settings)
              .store(new EvolutionStore(kdb))
              .producer(attempts)
              .evaluator(evaluator())
              .knowledge(
                  new LoopKnowledge(
                      kdb,
                      settings,
                      voice,
                      distillation,
                      Duration.ofSeconds(forumRoundTimeoutSeconds),
                      progress::note))
              .listener(progress)
              .projectRoot(context.projectPaths().root())
              .build()
              .run();
      EvolveOutput.print(
          context.out(),
          kdb.location(),
          result.generations(),
          result.tasks(),
          Map.of("stoppedEarly", result.stoppedEarly()),
          json);
    }
    return 0;
  }

  private EvolveSettings settings() {
    return new EvolveSettings(
        generations,
        population,
        attemptsPerTask,
        perTaskForumRounds,
        crossTaskForumRounds,
        distill,
        !noMemory,
        forumEarlyExit,
        keepSolved,
        seedBundle == null ? null : resolve(seedBundle));
  }

  private HarnessAttemptProducer harnessProducer() {
    if (RouteHarness.named(producer).isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "--producer '"
              + producer
              + "' is neither 'simulated' nor a harness type "
              + RouteHarness.names());
    }
    boolean command = producer.equals(HarnessSpec.COMMAND);
    if (command == harnessArgs.isEmpty()) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          command
              ? "--producer command needs its argv as --harness-arg ARG (program first)"
              : "--harness-arg is only for --producer command");
    }
    var harness =
        Harnesses.standard(context.env(), Clock.systemUTC())
            .apply(new HarnessSpec(producer, harnessArgs));
    Path root = workspace == null ? context.workingDir() : resolve(workspace);
    return new HarnessAttemptProducer(
        harness, root, model, Duration.ofSeconds(attemptTimeoutSeconds));
  }

  private AttemptEvaluator evaluator() {
    if (gate.isEmpty()) {
      return new ExactMatchEvaluator();
    }
    return new GateEvaluator(
        gate, Duration.ofSeconds(gateTimeoutSeconds), new ProcessGateExecutor());
  }

  private void positive(String option, int value) {
    if (value < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), option + " must be at least 1, got " + value);
    }
  }

  private Path resolve(Path path) {
    return context.workingDir().resolve(path).normalize();
  }
}
