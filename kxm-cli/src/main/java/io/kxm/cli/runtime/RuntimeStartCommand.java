package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.supervisor.NetworkSettings;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import java.util.ArrayList;
import java.util.List;
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
      "--foreground keeps it attached to the terminal until Ctrl-C or SIGTERM.",
      "Calls need the token from runtime/supervisor.token, or KXM_RUNTIME_TOKEN when set."
    })
public final class RuntimeStartCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--foreground", description = "Run in this terminal instead of the background.")
  boolean foreground;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description =
          "Listen on this IP address (or localhost) instead of 127.0.0.1; wins over"
              + " KXM_RUNTIME_BIND. A non-loopback address always needs the token.")
  String bind;

  @Option(
      names = "--no-token",
      description =
          "Answer calls without a token: any local process may call. Refused on a non-loopback"
              + " bind.")
  boolean noToken;

  public RuntimeStartCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (foreground) {
      Supervisor supervisor =
          Supervisor.start(SupervisorConfig.fromEnvironment(context.env(), bind, noToken));
      supervisor.stopOnShutdown();
      context
          .out()
          .println(
              "runtime supervisor at "
                  + supervisor.url()
                  + " (pid "
                  + ProcessHandle.current().pid()
                  + ")");
      warnWithoutToken();
      context.out().flush();
      supervisor.awaitStop();
      return 0;
    }
    // Refuse a bad bind or token setting here, not as the exit of a detached child.
    NetworkSettings.fromEnvironment(context.env(), bind, noToken);
    var paths = BackgroundRuntime.paths(context);
    Optional<RunningSupervisor> running = RunningSupervisor.find(paths, context.env());
    RunningSupervisor supervisor =
        running.orElseGet(() -> BackgroundRuntime.start(context, paths, childOptions()));
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
    if (running.isEmpty()) {
      warnWithoutToken();
    } else if (bind != null || noToken) {
      context
          .err()
          .println(
              "kxm: the running supervisor keeps the settings it started with; stop it first to"
                  + " change --bind or --no-token");
    }
    context.out().println("stop it with: kxm runtime stop");
    context.out().flush();
    return 0;
  }

  private List<String> childOptions() {
    List<String> options = new ArrayList<>();
    if (bind != null) {
      options.add("--bind");
      options.add(bind);
    }
    if (noToken) {
      options.add("--no-token");
    }
    return options;
  }

  private void warnWithoutToken() {
    if (noToken) {
      context.err().println("kxm: --no-token: any process on this machine may call the supervisor");
    }
  }
}
