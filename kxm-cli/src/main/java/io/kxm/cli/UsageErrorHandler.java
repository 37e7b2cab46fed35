package io.kxm.cli;

import java.util.List;
import picocli.CommandLine;

/** Wrong usage: one line with the reason and where to find help, exit code 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
  static final int USAGE = 2;

  @Override
  public int handleParseException(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    String message = e.getMessage() == null ? "invalid usage" : e.getMessage().strip();
    // A mistyped command or option gets picocli's nearest names, still on the one line.
    List<String> near =
        e instanceof CommandLine.UnmatchedArgumentException unmatched
            ? unmatched.getSuggestions()
            : List.of();
    cmd.getErr()
        .println(
            "kxm: "
                + message.lines().findFirst().orElse(message)
                + (near.isEmpty()
                    ? ""
                    : "; did you mean "
                        + String.join(" or ", near.subList(0, Math.min(3, near.size())))
                        + "?")
                + " (see '"
                + cmd.getCommandSpec().qualifiedName()
                + " --help')");
    return USAGE;
  }
}
