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

/** {@code kxm runs watch RUN}: follows a session run's events or a workflow run's steps. */
@Command(
    name = "watch",
    mixinStandardHelpOptions = true,
    description = {
      "Follow a run until it ends. A session run (srun_...): its events as they happen, the",
      "agent's text as it streams, tool calls, questions and the result; a dropped connection",
      "resumes where it stopped, and at a terminal a question is asked here. A workflow run",
      "(run_...): each change of the run, its steps and its interactions while drives move it,",
      "with the command that answers a question or settles a blocked gate.",
      "Exit code 0 when the run completed, 1 when it failed, was cancelled or was interrupted."
    })
public final class RunsWatchCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "The run ID (srun_... or run_...).")
  String runId;

  @Option(
      names = "--after",
      paramLabel = "SEQ",
      defaultValue = "0",
      description = "Session runs: show only events after this sequence number (default: all).")
  long after;

  @Option(names = "--json", description = "Print each event or change as one JSON line.")
  boolean json;

  public RunsWatchCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (after < 0) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "--after takes an event sequence number, 0 or more, not " + after);
    }
    return switch (RunRef.onSupervisor(runId)) {
      case RunRef.SessionRunRef session -> RunWatch.follow(context, session.id(), after, json);
      case RunRef.RuntimeRunRef workflow -> {
        if (after != 0) {
          throw new CommandLine.ParameterException(
              spec.commandLine(), "--after applies to session runs; a workflow run has no events");
        }
        yield new WorkflowRunWatch(context, workflow, json).follow();
      }
    };
  }
}
