package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.SessionText;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** Answers to a run's pending interactions: approve or deny an approval, answer a wait. */
public final class RunsInteractionCommands {
  private RunsInteractionCommands() {}

  /** The run, the interaction and who answers; shared by the three commands. */
  abstract static class Answering implements Callable<Integer> {
    final CliContext context;

    @Parameters(index = "0", description = "The run ID.")
    String runId;

    @Parameters(index = "1", description = "The interaction ID, as 'kxm runs status' shows it.")
    String interactionId;

    @Option(names = "--by", description = "Who answers (default: $USER).")
    String by;

    @Option(names = "--json", description = "Print the run as JSON.")
    boolean json;

    Answering(CliContext context) {
      this.context = context;
    }

    String by() {
      return by != null ? by : context.env().getOrDefault("USER", "operator");
    }

    Integer resolve(boolean approved, String answer) {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode result = Runs.connect(context).resolve(run, interactionId, approved, answer, by());
      if (!json && run instanceof RunRef.SessionRunRef) {
        SessionText.resolved(context.out(), result);
        context.out().flush();
      } else {
        RunsActionCommands.print(context, run, result, json);
      }
      return 0;
    }
  }

  @Command(
      name = "approve",
      mixinStandardHelpOptions = true,
      description = {
        "Grant a pending approval; drive the run again to go on.",
        "A session run goes on by itself, or in a new run if it was interrupted meanwhile."
      })
  public static final class Approve extends Answering {
    @Option(names = "--note", description = "A note kept with the approval.")
    String note;

    public Approve(CliContext context) {
      super(context);
    }

    @Override
    public Integer call() {
      return resolve(true, note);
    }
  }

  @Command(
      name = "deny",
      mixinStandardHelpOptions = true,
      description = {
        "Refuse a pending approval; drive the run again to let it fail or go on.",
        "A session run goes on by itself, or in a new run if it was interrupted meanwhile."
      })
  public static final class Deny extends Answering {
    @Option(names = "--note", description = "Why it is refused.")
    String note;

    public Deny(CliContext context) {
      super(context);
    }

    @Override
    public Integer call() {
      return resolve(false, note);
    }
  }

  @Command(
      name = "answer",
      mixinStandardHelpOptions = true,
      description = {
        "Answer a pending wait with text; drive the run again to go on.",
        "A session run goes on by itself, or in a new run if it was interrupted meanwhile."
      })
  public static final class Answer extends Answering {
    @Parameters(index = "2", description = "The answer.")
    String text;

    public Answer(CliContext context) {
      super(context);
    }

    @Override
    public Integer call() {
      return resolve(true, text);
    }
  }
}
