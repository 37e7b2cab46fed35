package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.SessionText;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.session.interaction.InteractionAnswer;
import io.kxm.session.interaction.InteractionAnswer.Action;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Answers to a run's pending interactions: approve or deny an approval, answer a clarification or a
 * wait, accept, decline or cancel an elicitation. Each builds its body from {@link
 * InteractionAnswer}, the form the supervisor reads and stores.
 */
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

    Integer resolve(InteractionAnswer answer) {
      RunRef.Supervised run = RunRef.onSupervisor(runId);
      JsonNode result = Runs.connect(context).resolve(run, interactionId, answer);
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
      return resolve(new InteractionAnswer.Approval(true, note, by()));
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
      return resolve(new InteractionAnswer.Approval(false, note, by()));
    }
  }

  @Command(
      name = "answer",
      mixinStandardHelpOptions = true,
      description = {
        "Answer a pending clarification or a workflow run's wait with TEXT,",
        "or an elicitation with --accept JSON (the filled form), --decline or --cancel.",
        "A form the elicitation's schema refuses leaves the question pending.",
        "A session run goes on by itself (in a new run if it was interrupted);",
        "drive a workflow run again to go on."
      })
  public static final class Answer extends Answering {
    @Spec CommandSpec spec;

    @Parameters(
        index = "2",
        arity = "0..1",
        paramLabel = "TEXT",
        description = "The answer to a clarification or a wait.")
    String text;

    @Option(
        names = "--accept",
        paramLabel = "JSON",
        description = "Accept an elicitation with this content, e.g. '{\"email\": \"a@b.org\"}'.")
    String accept;

    @Option(names = "--decline", description = "Decline an elicitation: the person says no.")
    boolean decline;

    @Option(names = "--cancel", description = "Cancel an elicitation: dismissed without a choice.")
    boolean cancel;

    public Answer(CliContext context) {
      super(context);
    }

    @Override
    public Integer call() {
      int given =
          (text != null ? 1 : 0) + (accept != null ? 1 : 0) + (decline ? 1 : 0) + (cancel ? 1 : 0);
      if (given != 1) {
        throw new ParameterException(
            spec.commandLine(), "Give exactly one of TEXT, --accept JSON, --decline or --cancel");
      }
      if (text != null) {
        return resolve(new InteractionAnswer.Clarification(text, by()));
      }
      if (accept == null) {
        Action action = decline ? Action.DECLINE : Action.CANCEL;
        return resolve(new InteractionAnswer.Elicitation(action, null, by()));
      }
      JsonNode content = InputJson.read(accept);
      if (!content.isObject()) {
        throw new KxmException(
            ErrorCode.INVALID_TYPE, "--accept takes a JSON object, the form's fields by name");
      }
      return resolve(new InteractionAnswer.Elicitation(Action.ACCEPT, (ObjectNode) content, by()));
    }
  }
}
