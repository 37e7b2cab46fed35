package io.kxm.cli;

import picocli.CommandLine;

/** Wrong usage: one line with the reason and where to find help, exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
  static final int USAGE = 2;

  @Override
  public int handleParseException(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    String message = e.getMessage() == null ? "invalid usage" : e.getMessage().strip();
    cmd.getErr()
        .println(
            "kxm: "
                + message.lines().findFirst().orElse(message)
                + " (see '"
                + cmd.getCommandSpec().qualifiedName()
                + " --help')");
    return USAGE;
  }
}
