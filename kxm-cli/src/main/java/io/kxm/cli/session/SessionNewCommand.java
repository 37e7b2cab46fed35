package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code kxm session new -- PROGRAM [ARGS...]}: a session whose agent is that command. */
@Command(
    name = "new",
    mixinStandardHelpOptions = true,
    description = {
      "Create a session on the runtime supervisor. Its agent is the command after '--', started",
      "(no shell) in the workspace for every prompt; docs/harness-protocol.md says what it reads",
      "and writes. Example: kxm session new -- python3 examples/harness/echo-agent.py"
    })
public final class SessionNewCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(
      names = "--workspace",
      paramLabel = "DIR",
      description = "The folder the agent works in (default: the current folder).")
  Path workspace;

  @Option(
      names = "--model",
      paramLabel = "M",
      description = "The model route handed to the agent (default: the agent chooses).")
  String model;

  @Option(names = "--json", description = "Print the session as JSON.")
  boolean json;

  @Parameters(
      arity = "1..*",
      paramLabel = "PROGRAM",
      description = "The agent command after '--': the program and its arguments.")
  List<String> argv;

  public SessionNewCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path root =
        (workspace == null ? context.workingDir() : context.workingDir().resolve(workspace))
            .toAbsolutePath()
            .normalize();
    if (!Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.WORKSPACE_ROOT_INVALID,
          "the workspace " + root + " is not an existing folder",
          "Pass an existing folder with --workspace DIR, or run the command inside it.");
    }
    JsonNode session = SessionApi.connect(context).create(root.toString(), argv, model);
    if (json) {
      context.out().println(Json.write(session));
    } else {
      String id = SessionText.text(session, "id");
      context.out().println("session " + id + " created in " + root);
      context.out().println("send a prompt: kxm session run " + id + " --watch \"<your prompt>\"");
    }
    context.out().flush();
    return 0;
  }
}
