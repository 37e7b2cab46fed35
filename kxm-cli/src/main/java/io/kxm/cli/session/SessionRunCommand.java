package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.cli.PromptInput;
import io.kxm.cli.session.watch.RunWatch;
import io.kxm.core.json.Json;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

/** {@code kxm session run SESSION PROMPT...}: queues one turn of the session. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Send a prompt to a session: it becomes a run that starts once the session's earlier runs",
      "ended. With --watch, follow it to its end; the exit code is 0 when it completed and 1 when",
      "it failed, was cancelled or was interrupted."
    })
public final class SessionRunCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "SESSION", description = "The session ID (ses_...).")
  String sessionId;

  @Parameters(
      index = "1..*",
      arity = "0..*",
      paramLabel = "PROMPT",
      description = "The prompt; several words are joined by spaces.")
  List<String> prompt;

  @Option(
      names = "--prompt-file",
      paramLabel = "FILE",
      description = "Read the prompt from FILE ('-' for standard input) instead of arguments.")
  Path promptFile;

  @Spec CommandSpec spec;

  @Option(names = "--watch", description = "Follow the run's events until it ends.")
  boolean watch;

  @Option(
      names = "--json",
      description = "Print the run as JSON; with --watch, each event as one JSON line.")
  boolean json;

  public SessionRunCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    String words = prompt == null || prompt.isEmpty() ? null : String.join(" ", prompt);
    if (words == null && promptFile == null) {
      throw new ParameterException(
          spec.commandLine(), "Missing required parameter: 'PROMPT' (or --prompt-file FILE)");
    }
    String text = PromptInput.read(spec, words, promptFile, System.in);
    JsonNode run = SessionApi.connect(context).submit(sessionId, text);
    String runId = SessionText.text(run, "id");
    if (watch) {
      if (!json) {
        context.out().println("run " + runId + " in session " + sessionId);
        context.out().flush();
      }
      return RunWatch.follow(context, runId, 0, json);
    }
    if (json) {
      context.out().println(Json.write(run));
    } else {
      context.out().println("run " + runId + " " + SessionText.text(run, "status"));
      context.out().println("follow it with: kxm runs watch " + runId);
    }
    context.out().flush();
    return 0;
  }
}
