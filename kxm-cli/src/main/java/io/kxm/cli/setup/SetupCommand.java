package io.kxm.cli.setup;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/**
 * {@code kxm setup}: writes an agent's configuration for this project, for people who do not
 * install the plugins from a marketplace.
 */
@Command(
    name = "setup",
    mixinStandardHelpOptions = true,
    description = {
      "Connect an agent CLI to kxm in this project (the Git top level, else this folder).",
      "Shows the change first, edits only kxm's own entries, and writes no token unless asked"
          + " to."
    },
    subcommands = {SetupClaudeCommand.class, SetupCodexCommand.class, SetupPiCommand.class})
public final class SetupCommand extends GroupCommand {}
