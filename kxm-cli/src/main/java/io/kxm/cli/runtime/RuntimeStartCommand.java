package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.runtime.supervisor.Supervisor;
import io.kxm.runtime.supervisor.SupervisorConfig;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm runtime start}: runs the supervisor in the background, or in this terminal. */
@Command(
    name = "start",
    mixinStandardHelpOptions = true,
    description = {
      "Start the runtime supervisor of this user. It runs in the background on an ephemeral",
      "127.0.0.1 port; when one already runs, its address is printed and nothing else happens.",
      "--foreground keeps it attached to the terminal until Ctrl-C or SIGTERM."
    })
public final class RuntimeStartCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--foreground", description = "Run in this terminal instead of the background.")
  boolean foreground;

  public RuntimeStartCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (foreground) {
      Supervisor supervisor = Supervisor.start(SupervisorConfig.fromEnvironment(context.env()));
      supervisor.stopOnShutdown();
      context
          .out()
          .println(
              "runtime supervisor at "
                  + supervisor.url()
                  + " (pid "
                  + ProcessHandle.current().pid()
                  + ")");
      context.out().flush();
      supervisor.awaitStop();
      return 0;
    }
    var paths = BackgroundRuntime.paths(context);
    Optional<RunningSupervisor> running = RunningSupervisor.find(paths);
    RunningSupervisor supervisor = running.orElseGet(() -> BackgroundRuntime.start(context, paths));
    context
        .out()
        .println(
            (running.isPresent()
                    ? "runtime supervisor already running at "
                    : "runtime supervisor started at ")
                + supervisor.url()
                + " (pid "
                + supervisor.row().pid()
                + ")");
    context.out().println("stop it with: kxm runtime stop");
    context.out().flush();
    return 0;
  }
}
