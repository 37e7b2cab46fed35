package io.kxm.cli.dash;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.io.Console;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kxm dash}: a live terminal view of the hub and this machine's runs, with keys. */
@Command(
    name = "dash",
    mixinStandardHelpOptions = true,
    description = {
      "Watch the hub and this machine's runs live in the terminal: agents, requests, workflow",
      "runs, runtime and session runs, waiting interactions and spend; approve, deny, answer and",
      "cancel with single keys (the bottom line says which). The hub is read with",
      "KXM_AUTH_TOKEN (the admin token: every project; a project token: its own). Runs come from",
      "the supervisor that runs now, for this project. --once prints one snapshot and exits.",
      "See docs/dash.md."
    })
public final class DashCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;

  @Option(names = "--once", description = "Print one snapshot and exit, for scripts.")
  boolean once;

  @Option(names = "--json", description = "With --once: print the snapshot as JSON.")
  boolean json;

  @Option(
      names = "--project",
      description = "Only this project on the hub (default: every one the token sees).")
  String project;

  @Option(
      names = "--refresh-ms",
      defaultValue = "500",
      paramLabel = "MS",
      description = "How often the screen reads again, 100 to 60000 (default: 500).")
  long refreshMs;

  /**
   * Whether this process talks to a terminal. Java 21 has a console only on a terminal; from Java
   * 22 there is always one and {@code Console.isTerminal()} says, so it is asked where it exists
   * (the build targets 21).
   */
  static boolean onTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  public DashCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (json && !once) {
      throw new ParameterException(spec.commandLine(), "--json goes with --once");
    }
    if (refreshMs < 100 || refreshMs > 60_000) {
      throw new ParameterException(
          spec.commandLine(), "--refresh-ms must be 100 to 60000, not " + refreshMs);
    }
    try (DashSources sources = new DashSources(context, project)) {
      if (once) {
        DashSnapshot snapshot = sources.read();
        if (json) {
          context.out().println(Json.write(snapshot.toJson()));
        } else {
          DashText.print(context.out(), snapshot);
        }
        context.out().flush();
        return 0;
      }
      if (!onTerminal()) {
        throw new ParameterException(
            spec.commandLine(),
            "kxm dash draws a live screen and needs a terminal; for scripts use"
                + " 'kxm dash --once' (or --once --json)");
      }
      try (DashEvents events = new DashEvents(context)) {
        new DashScreen(sources, events, refreshMs).run();
      }
      return 0;
    }
  }
}
