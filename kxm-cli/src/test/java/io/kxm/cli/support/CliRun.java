package io.kxm.cli.support;

import io.kxm.cli.Cli;
import io.kxm.cli.agent.AgentSessions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

/** Runs {@code kxm} in this process with a given environment and folder, capturing the console. */
public final class CliRun {
  /** What one run printed and returned. */
  public record Result(int exit, String out, String err) {}

  private CliRun() {}

  public static Result run(Map<String, String> env, Path dir, String... args) {
    return run(env, dir, null, args);
  }

  /** With agents opened by {@code agents} (a test double) instead of over HTTP when non-null. */
  public static Result run(
      Map<String, String> env, Path dir, AgentSessions agents, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    PrintWriter outWriter = new PrintWriter(out, true);
    PrintWriter errWriter = new PrintWriter(err, true);
    Cli cli =
        agents == null
            ? new Cli(env, dir, outWriter, errWriter)
            : new Cli(env, dir, outWriter, errWriter, agents);
    int exit = cli.run(args);
    outWriter.flush();
    errWriter.flush();
    return new Result(exit, out.toString(), err.toString());
  }
}
