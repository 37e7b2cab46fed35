package io.kxm.cli;

import io.kxm.cli.agent.AgentSessions;
import io.kxm.cli.peer.PeerCommands;
import io.kxm.cli.peer.WorkflowCommands;
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
    // Only a peer or workflow command needs the tool catalog; skipping it keeps `kxm --version`
    // and the hub commands quick to start.
    String group = args.length == 0 ? "" : args[0];
    return commandLine(group.equals("peer"), group.equals("workflow")).execute(args);
  }

  /** The whole command tree, as {@link #run} executes a peer or workflow command. */
  public CommandLine commandLine() {
    return commandLine(true, true);
  }

  private CommandLine commandLine(boolean peerTools, boolean workflowTools) {
    CommandLine commandLine = new CommandLine(new KxmCommand(), new ContextFactory(context));
    // The tool commands are generated from the tool catalog, so they cannot be annotated classes.
    PeerCommands.addTo(commandLine, context, peerTools);
    WorkflowCommands.addTo(commandLine, context, workflowTools);
    commandLine.setOut(context.out());
    commandLine.setErr(context.err());
    commandLine.setParameterExceptionHandler(new UsageErrorHandler());
    commandLine.setExecutionExceptionHandler(new FailureHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }
}
