package io.kxm.cli;

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
    this.context = new CliContext(env, workingDir, out, err);
  }

  public int run(String... args) {
    CommandLine commandLine = new CommandLine(new KxmCommand(), new ContextFactory(context));
    commandLine.setOut(context.out());
    commandLine.setErr(context.err());
    commandLine.setParameterExceptionHandler(new UsageErrorHandler());
    commandLine.setExecutionExceptionHandler(new FailureHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine.execute(args);
  }
}
