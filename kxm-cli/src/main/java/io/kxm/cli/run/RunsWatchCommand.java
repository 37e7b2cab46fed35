package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.watch.RunWatch;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kxm runs watch SRUN}: follows a session run's events as they happen. */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description = {
      "Follow a session run's events until it ends: the agent's text as it streams, tool calls,",
      "questions and the result. A dropped connection resumes where it stopped. At a terminal a",
      "question is asked here; otherwise the command that answers it is printed.",
      "Exit code 0 when the run completed, 1 when it failed, was cancelled or was interrupted."
    })
public final class RunsWatchCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "The session run ID (srun_...).")
  String runId;

  @Option(
      names = "--after",
      paramLabel = "SEQ",
      defaultValue = "0",
      description = "Show only events after this sequence number (default: from the start).")
  long after;

  @Option(names = "--json", description = "Print each event's envelope as one JSON line.")
  boolean json;

  public RunsWatchCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (!(RunRef.onSupervisor(runId) instanceof RunRef.SessionRunRef)) {
      throw new CommandLine.ParameterException(
          spec.commandLine(),
          "watch follows session runs (srun_...), not "
              + runId
              + "; show a workflow run with 'kxm runs status'");
    }
    if (after < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--after takes an event sequence number, 0 or more, not " + after);
    }
    return RunWatch.follow(context, runId, after, json);
  }
}
