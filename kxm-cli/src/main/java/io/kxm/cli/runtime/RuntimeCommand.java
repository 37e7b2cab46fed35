package io.kxm.cli.runtime;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm runtime}: start, stop and inspect this user's runtime supervisor. */
@Command(
    name = "runtime",
    mixinStandardHelpOptions = true,
    description = {
      "Start, stop and inspect the runtime supervisor: one per user and machine, hosting the runs",
      "of every project on 127.0.0.1. 'kxm run' and 'kxm runs' start it on demand.",
      "'kxm runtime serve' runs it as a server for one workspace instead."
    },
    subcommands = {
      RuntimeStartCommand.class,
      RuntimeServeCommand.class,
      RuntimeStopCommand.class,
      RuntimeStatusCommand.class,
      RuntimeSyncRetryCommand.class
    })
public final class RuntimeCommand extends GroupCommand {}
