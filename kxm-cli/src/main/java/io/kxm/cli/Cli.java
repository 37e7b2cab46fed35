package io.kxm.cli;

import io.kxm.cli.agent.AgentSessions;
import io.kxm.cli.peer.PeerCommands;
import io.kxm.cli.peer.WorkflowCommands;
import io.kxm.cli.reserve.ReserveCommands;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;

/**
 * Builds and runs the picocli command tree with an injected environment, working folder and
 * console, so tests run commands in-process exactly as the launcher does.
 */
public final class Cli {
  private final CliContext context;

  public Cli(Map<String, String> env, Path workingDir, PrintWriter out, PrintWriter err) {
    this(new CliContext(env, workingDir, out, err));
  }

  /** With agents opened by {@code agents} instead of over HTTP, for tests of commands alone. */
  public Cli(
      Map<String, String> env,
      Path workingDir,
      PrintWriter out,
      PrintWriter err,
      AgentSessions agents) {
    this(new CliContext(env, workingDir, out, err, agents));
  }

  private Cli(CliContext context) {
    this.context = context;
  }

  public int run(String... args) {
    // The version needs no command tree: picocli's model of even the bare root was two thirds of
    // the start of `kxm --version`.
    if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
      for (String line : new VersionProvider().getVersion()) {
        context.out().println(line);
      }
      context.out().flush();
      return 0;
    }
    String first = args.length == 0 ? "" : args[0];
    String second = args.length < 2 ? "" : args[1];
    return commandLine(first, second, false).execute(args);
  }

  /** The whole command tree, the peer and workflow tool commands included. */
  public CommandLine commandLine() {
    return commandLine("", "", true);
  }

  /**
   * The tree a command line needs. Building a group's commands reflects over all their classes,
   * which was most of a short command's start, so a line that names a group gets that group alone
   * and {@code --version} none; anything else (help, a typo to suggest against) gets them all, with
   * the tool commands only when {@code allTools}. Within {@code peer}, a line that names one tool
   * command ({@code second}) gets that tool alone.
   */
  private CommandLine commandLine(String first, String second, boolean allTools) {
    boolean version = first.equals("--version") || first.equals("-V");
    boolean named =
        first.equals("peer")
            || first.equals("workflow")
            || ReserveCommands.NAMES.contains(first)
            || CommandGroups.named(first).isPresent();
    CommandLine commandLine = new CommandLine(new KxmCommand(), new ContextFactory(context));
    for (Class<?> group : CommandGroups.ALL) {
      if (!version && (!named || CommandGroups.name(group).equals(first))) {
        commandLine.addSubcommand(CommandGroups.name(group), group);
      }
    }
    // The tool commands are generated from the tool catalog, so they cannot be annotated classes;
    // only a peer or workflow command needs the catalog.
    if (!version && (!named || first.equals("peer"))) {
      PeerCommands.addTo(
          commandLine, context, allTools || first.equals("peer"), allTools ? "" : second);
    }
    if (!version && (!named || first.equals("workflow"))) {
      WorkflowCommands.addTo(commandLine, context, allTools || first.equals("workflow"));
    }
    if (!version && (!named || ReserveCommands.NAMES.contains(first))) {
      ReserveCommands.addTo(commandLine, context);
    }
    commandLine.setOut(context.out());
    commandLine.setErr(context.err());
    commandLine.setParameterExceptionHandler(new UsageErrorHandler());
    commandLine.setExecutionExceptionHandler(new FailureHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }
}
