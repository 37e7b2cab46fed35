package io.kxm.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that only groups others: called alone it is a usage error naming the choices. */
public abstract class GroupCommand implements Runnable {
  @Spec protected CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "missing command; choose one of: " + String.join(", ", spec.subcommands().keySet()));
  }
}
