package io.kxm.cli.context;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm context}: an operator's view of a project's context, and promotion of proposals. */
@Command(
    name = "context",
    mixinStandardHelpOptions = true,
    description = {
      "Read a project's context as agents see it, add items, and decide state proposals.",
      "Every command needs the hub's admin token in KXM_AUTH_TOKEN."
    },
    subcommands = {
      ContextGetCommand.class,
      ContextRecallCommand.class,
      ContextStateCommand.class,
      ContextEpisodeCommand.class,
      ContextAddCommand.class,
      ContextProposalsCommand.class,
      ContextPromoteCommand.class,
      ContextRejectCommand.class
    })
public final class ContextCommand extends GroupCommand {}
