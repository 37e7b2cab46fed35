package io.kxm.cli.hub;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm hub}: start, stop and inspect the hub of this project. */
@Command(
    name = "hub",
    mixinStandardHelpOptions = true,
    description = "Start, stop and inspect the hub that serves this project.",
    subcommands = {
      HubStartCommand.class,
      HubStopCommand.class,
      HubStatusCommand.class,
      HubBindCommand.class
    })
public final class HubCommand extends GroupCommand {}
