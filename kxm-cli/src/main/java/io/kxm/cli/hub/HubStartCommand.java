package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code kxm hub start}: runs the hub in the background, or in the foreground when asked. */
@Command(
    name = "start",
    mixinStandardHelpOptions = true,
    description = {
      "Start the hub for the project in the current folder.",
      "It runs in the background and keeps its store in .kxm/state/; --foreground keeps it"
          + " attached to the terminal until Ctrl-C or SIGTERM."
    })
public final class HubStartCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin BindOptions bind;

  @Option(names = "--foreground", description = "Run in this terminal instead of the background.")
  boolean foreground;

  public HubStartCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    refuseIfRunning(context);
    if (foreground) {
      return ForegroundHub.run(context, bind.host(), bind.port(), false);
    }
    HubProcessFile started =
        BackgroundHub.start(context, bind.host(), bind.port(), context.projectPaths().hubPidFile());
    context.out().println("hub started at " + started.url() + " (pid " + started.pid() + ")");
    context.out().println("stop it with: kxm hub stop");
    return 0;
  }

  /** One hub per project folder: a second start would fight over the store. */
  static void refuseIfRunning(CliContext context) {
    HubProcessFile.read(context.projectPaths().hubPidFile())
        .filter(HubProcessFile::processAlive)
        .ifPresent(running -> {
          throw new KxmException(
              ErrorCode.HUB_ALREADY_RUNNING,
              "a hub is already running for this project at "
                  + running.url()
                  + " (pid "
                  + running.pid()
                  + ")");
        });
  }
}
