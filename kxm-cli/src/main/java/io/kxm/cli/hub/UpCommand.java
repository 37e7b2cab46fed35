package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code kxm up}: the hub in the foreground, with what a newcomer needs to connect printed. */
@Command(
    name = "up",
    mixinStandardHelpOptions = true,
    description = {
      "Run the hub of this project in the foreground on the embedded SQLite store,",
      "and print its URL, where the admin token is, and how to connect an agent."
    })
public final class UpCommand implements Callable<Integer> {
  private final CliContext context;

  @Mixin BindOptions bind;

  public UpCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    HubStartCommand.refuseIfRunning(context);
    return ForegroundHub.run(context, bind.host(), bind.port(), true);
  }
}
