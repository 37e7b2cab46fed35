package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.SessionText;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** The reads of {@code kxm runs}: list, status, receipt and verify. */
public final class RunsReadCommands {
  private RunsReadCommands() {}

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = {
        "List the runs of this project, oldest first: workflow runs (run_...), then the runs of",
        "the sessions whose workspace is in this project (srun_...). A run whose stored log is",
        "refused is listed as damaged with its error code."
      })
  public static final class List implements Callable<Integer> {
    private final CliContext context;

    @Option(
        names = "--json",
        description = "Print {\"runs\": [...], \"sessionRuns\": [...]} as JSON.")
    boolean json;

    public List(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      JsonNode answer = Runs.connect(context).list(ProjectRoot.of(context).toString());
      if (json) {
        context.out().println(Json.write(answer));
      } else if (answer.path("runs").isEmpty() && answer.path("sessionRuns").isEmpty()) {
        context.out().println("no runs yet; create one with: kxm run <workflow> \"<prompt>\"");
      } else {
        answer.path("runs").forEach(run -> RunText.summary(context.out(), run));
        answer.path("sessionRuns").forEach(run -> RunText.sessionRun(context.out(), run));
      }
      context.out().flush();
      return 0;
    }
  }

  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description = {
        "Show a run: its state, steps, open interactions and last receipt.",
        "For a session run (srun_...): its state, outcome or error, and its questions."
      })
  public static final class Status implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--json", description = "Print the run as JSON.")
    boolean json;

    public Status(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode detail = Runs.connect(context).status(run);
      if (json) {
        context.out().println(Json.write(detail));
      } else if (run instanceof RunRef.SessionRunRef) {
        SessionText.runDetail(context.out(), detail);
      } else {
        RunText.detail(context.out(), detail);
      }
      context.out().flush();
      return 0;
    }
  }

  @Command(
      name = "receipt",
      mixinStandardHelpOptions = true,
      description = "Show the signed receipt the run's last drive left.")
  public static final class ReceiptCmd implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--json", description = "Print the receipt as JSON.")
    boolean json;

    public ReceiptCmd(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode receipt = Runs.connect(context).receipt(run);
      if (json) {
        context.out().println(Json.write(receipt));
      } else {
        RunText.receipt(context.out(), receipt, "");
        context.out().println("  signature: " + RunText.text(receipt, "signature"));
      }
      context.out().flush();
      return 0;
    }
  }

  @Command(
      name = "verify",
      mixinStandardHelpOptions = true,
      description = {
        "Recompute the run's hash chain and check it against the run's signed head, its stored",
        "state and history, and its last receipt's signature.",
        "Exit code 1 names the first event that does not verify."
      })
  public static final class Verify implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Option(names = "--json", description = "Print the verification as JSON.")
    boolean json;

    public Verify(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode result = Runs.connect(context).verify(run);
      boolean ok = result.path("ok").asBoolean(false);
      if (json) {
        context.out().println(Json.write(result));
      } else if (ok) {
        context
            .out()
            .println(
                "run "
                    + runId
                    + " verifies: "
                    + result.path("events").asLong()
                    + " events, receipt "
                    + (result.path("receiptVerified").asBoolean() ? "signature valid" : "none yet")
                    + (result.path("headVerified").asBoolean()
                        ? ", signed head matches"
                        : ", no signed head"));
      }
      context.out().flush();
      if (ok) {
        return 0;
      }
      // workflow runs name it firstBadSequence, session runs firstBadSeq
      long bad =
          result.has("firstBadSequence")
              ? result.path("firstBadSequence").asLong(-1)
              : result.path("firstBadSeq").asLong(-1);
      String type = result.path("firstBadType").asString(null);
      throw new KxmException(
          ErrorCode.RUN_VERIFICATION_FAILED,
          "run "
              + runId
              + " does not verify"
              + (bad >= 0 ? " from event " + bad : "")
              + (type != null ? " (" + type + ")" : "")
              + ": "
              + RunText.text(result, "problem")
              + ": "
              + RunText.text(result, "message"));
    }
  }
}
