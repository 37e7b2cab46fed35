package io.kxm.cli.agent.worker;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kxm agent worker}: runs a worker in the foreground until it is stopped, or with {@code
 * --list} shows this user's workers.
 */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description = {
      "Run an agent that answers its hub requests with harness turns on the runtime supervisor,"
          + " until stopped;",
      "each request's turn's final message is its reply. Example:",
      "  kxm agent worker --name reviewer --harness claude-code --model"
          + " anthropic/claude-sonnet-4-5",
      "  kxm agent worker --name echo --harness command -- python3 examples/harness/echo-agent.py",
      "Reads KXM_SERVER_URL, KXM_PROJECT and KXM_AUTH_TOKEN like kxm mcp; KXM_WORKER_MAX_ATTEMPTS"
          + " (default 3) and",
      "KXM_WORKER_RETRY_BACKOFF_MS (default 5000) bound the retries of a failed turn."
    },
    subcommands = {WorkerStopCommand.class})
public final class WorkerCommand implements Callable<Integer> {
  static final String MAX_ATTEMPTS = "KXM_WORKER_MAX_ATTEMPTS";
  static final String RETRY_BACKOFF_MS = "KXM_WORKER_RETRY_BACKOFF_MS";

  private final CliContext context;
  @Spec CommandSpec spec;

  @Option(names = "--name", paramLabel = "N", description = "The agent name to register as.")
  String name;

  @Option(
      names = "--harness",
      paramLabel = "H",
      description = "claude-code, codex, pi, builtin or command (with its program after '--').")
  String harness;

  @Option(
      names = "--model",
      paramLabel = "M",
      description = "provider/model the turns run on; .kxm/routes.yaml must admit it.")
  String model;

  @Option(names = "--purpose", paramLabel = "TEXT", description = "What peers should ask it.")
  String purpose;

  @Option(
      names = "--concurrency",
      paramLabel = "K",
      defaultValue = "1",
      description = "Turns at once, 1 to 16 (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(
      names = "--workspace",
      paramLabel = "DIR",
      description = "The folder the turns work in (default: the current folder).")
  Path workspace;

  @Option(names = "--list", description = "List this user's workers instead of running one.")
  boolean list;

  @Option(names = "--json", description = "With --list: print JSON.")
  boolean json;

  @Parameters(
      paramLabel = "PROGRAM",
      description = "With --harness command: the program and its arguments, after '--'.")
  List<String> argv;

  public WorkerCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (list) {
      WorkerList.print(context, WorkerRegistry.of(context.statePaths()).list(), json);
      return 0;
    }
    if (name == null || harness == null) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--name and --harness are required to run a worker (or use --list)");
    }
    EnvSettings settings = EnvSettings.of(context.env());
    WorkerOptions options =
        new WorkerOptions(
            name,
            purpose,
            harness,
            argv,
            model,
            concurrency,
            workspace(),
            settings.integer(MAX_ATTEMPTS, WorkerOptions.DEFAULT_ATTEMPTS, 1, 20),
            settings.millis(
                RETRY_BACKOFF_MS,
                WorkerOptions.DEFAULT_BACKOFF,
                Duration.ZERO,
                Duration.ofHours(1)));
    Worker worker = Worker.start(context, options, Clock.systemUTC());
    Thread hook = new Thread(worker::close, "kxm-worker-exit");
    Runtime.getRuntime().addShutdownHook(hook);
    context
        .out()
        .println(
            "worker "
                + options.name()
                + " answers requests with "
                + options.harness()
                + (options.model() == null ? "" : " + " + options.model())
                + " in "
                + options.workspace()
                + "; stop it with 'kxm agent worker stop "
                + options.name()
                + "'");
    context.out().flush();
    try {
      Optional<KxmException> lost = worker.awaitStopped();
      if (lost.isPresent()) {
        throw lost.get();
      }
    } finally {
      worker.close();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down and runs the hook; closing twice is harmless
      }
    }
    return 0;
  }

  private Path workspace() {
    Path root =
        (workspace == null ? context.workingDir() : context.workingDir().resolve(workspace))
            .toAbsolutePath()
            .normalize();
    if (!Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.WORKSPACE_ROOT_INVALID,
          "--workspace " + root + " is not a folder",
          "Name an existing folder for the worker's turns, or leave --workspace out.");
    }
    return root;
  }
}
