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
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm session new [--harness H --model M] [-- PROGRAM [ARGS...]]}: a session whose agent is
 * that command, an agent CLI or the built-in agent.
 */
@Command(
    name = "new",
    mixinStandardHelpOptions = true,
    description = {
      "Create a session on the runtime supervisor. By default its agent is the command after '--',",
      "started (no shell) in the workspace for every prompt; docs/harness-protocol.md says what it",
      "reads and writes. With --harness claude-code, codex, pi or builtin the agent is that CLI or",
      "KXM's own agent loop instead, on the route --model names (docs/agent-adapters.md,",
      "docs/builtin-agent.md). Examples:",
      "  kxm session new -- python3 examples/harness/echo-agent.py",
      "  kxm session new --harness builtin --model anthropic/claude-sonnet-4-5"
    })
public final class SessionNewCommand implements Callable<Integer> {
  private static final List<String> HARNESSES =
      List.of("command", "claude-code", "codex", "pi", "builtin");

  private final CliContext context;

  @Spec CommandSpec spec;

  @Option(
      names = "--harness",
      paramLabel = "H",
      description =
          "What runs the turns: command (the program after '--', the default), claude-code,"
              + " codex, pi or builtin.")
  String harness = "command";

  @Option(
      names = "--workspace",
      paramLabel = "DIR",
      description = "The folder the agent works in (default: the current folder).")
  Path workspace;

  @Option(
      names = "--model",
      paramLabel = "M",
      description =
          "The model route, provider/model (anthropic/claude-sonnet-4-5, openai/gpt-5, …);"
              + " required with --harness other than command, where the agent may choose.")
  String model;

  @Option(names = "--json", description = "Print the session as JSON.")
  boolean json;

  @Parameters(
      arity = "0..*",
      paramLabel = "PROGRAM",
      description = "With --harness command: the agent command after '--', program and arguments.")
  List<String> argv = List.of();

  public SessionNewCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    checkHarness();
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
    JsonNode session = SessionApi.connect(context).create(root.toString(), harness, argv, model);
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

  // Refusals the command line itself can settle, before any supervisor is started or called.
  private void checkHarness() {
    if (!HARNESSES.contains(harness)) {
      throw new ParameterException(
          spec.commandLine(), "--harness takes one of " + HARNESSES + ", not '" + harness + "'");
    }
    boolean command = harness.equals("command");
    if (command && argv.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "name the agent PROGRAM after '--', or pick an agent with --harness and --model");
    }
    if (!command && !argv.isEmpty()) {
      throw new ParameterException(
          spec.commandLine(),
          "--harness " + harness + " runs its own agent; only --harness command takes a PROGRAM");
    }
    if (!command && (model == null || model.isBlank())) {
      throw new ParameterException(
          spec.commandLine(),
          "--harness "
              + harness
              + " needs --model provider/model, a route .kxm/routes.yaml admits");
    }
  }
}
