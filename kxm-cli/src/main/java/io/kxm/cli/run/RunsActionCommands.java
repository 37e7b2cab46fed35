package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.SessionText;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.RecoveryAction;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** The commands of {@code kxm runs} that move a run: drive, cancel and recover. */
public final class RunsActionCommands {
  // the drive outcome (Ending.UNSETTLED) that leaves a run for a person to settle
  static final String UNSETTLED = "unsettled";

  private RunsActionCommands() {}

  @Command(
      name = "drive",
      mixinStandardHelpOptions = true,
      description = {
        "Drive the run until it stops: finished, waiting for an answer, blocked on an unproven",
        "gate, or handed off. Every drive ends with a signed receipt.",
        "Exit code 1 when the drive ends unsettled (blocked on a gate whose outcome nobody can",
        "prove): resolve it with 'kxm runs recover'; 0 otherwise."
      })
  public static final class Drive implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(
        names = "--simulated",
        description = "Answer agent steps with the model-free producer; gates still run.")
    boolean simulated;

    @Option(names = "--json", description = "Print the drive result as JSON.")
    boolean json;

    public Drive(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode result = Runs.connect(context).drive(run, simulated);
      if (json) {
        context.out().println(Json.write(result));
      } else {
        context.out().println("drive stopped: " + RunText.text(result, "outcome"));
        RunText.detail(context.out(), result.path("run"));
        if (UNSETTLED.equals(RunText.text(result, "outcome"))) {
          context
              .out()
              .println(
                  "settle it with: kxm runs recover " + run.id() + " --action retry|unblock|fail");
        }
      }
      context.out().flush();
      return UNSETTLED.equals(RunText.text(result, "outcome")) ? 1 : 0;
    }
  }

  @Command(
      name = "cancel",
      mixinStandardHelpOptions = true,
      description = {
        "Cancel the run: open attempts drain, child processes are stopped.",
        "A queued session run ends at once; a running one's agent process tree is ended."
      })
  public static final class Cancel implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--json", description = "Print the run as JSON.")
    boolean json;

    public Cancel(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      print(context, run, Runs.connect(context).cancel(run), json);
      return 0;
    }
  }

  @Command(
      name = "clean",
      mixinStandardHelpOptions = true,
      description = {
        "Remove the Git worktree of a finished run. Its branch kxm/<runId> and its patch files",
        "stay, so the work can still be merged or applied."
      })
  public static final class Clean implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--json", description = "Print the run as JSON.")
    boolean json;

    public Clean(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      print(context, run, Runs.connect(context).clean(run), json);
      return 0;
    }
  }

  @Command(
      name = "recover",
      mixinStandardHelpOptions = true,
      description = "Resolve a run blocked on a gate outcome that could not be proven.")
  public static final class Recover implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--action", required = true, description = "retry, unblock, fail or cancel.")
    RecoveryAction action;

    @Option(names = "--reason", description = "Why; kept in the run's log.")
    String reason;

    @Option(names = "--json", description = "Print the run as JSON.")
    boolean json;

    public Recover(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      return recover(context, runId, action, reason, json);
    }
  }

  /** Resolves a blocked run; {@code kxm gate signal --recovery-action} comes here too. */
  public static int recover(
      CliContext context, String runId, RecoveryAction action, String reason, boolean json) {
    RunRef.Supervised run = RunRef.onSupervisor(runId);
    print(context, run, Runs.connect(context).recover(run, action.wire(), reason), json);
    return 0;
  }

  static void print(CliContext context, RunRef.Supervised run, JsonNode detail, boolean json) {
    if (json) {
      context.out().println(Json.write(detail));
    } else if (run instanceof RunRef.SessionRunRef) {
      SessionText.runDetail(context.out(), detail);
    } else {
      RunText.detail(context.out(), detail);
    }
    context.out().flush();
  }
}
