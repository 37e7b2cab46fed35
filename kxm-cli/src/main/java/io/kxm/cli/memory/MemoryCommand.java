package io.kxm.cli.memory;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm memory}: the project's reviewed memory and skills. */
@Command(
    name = "memory",
    mixinStandardHelpOptions = true,
    description = "Show and govern the project memory (.kxm/memory) and skills (.kxm/skills).",
    subcommands = {
      MemoryBriefCommand.class,
      MemoryListCommand.class,
      MemoryPromoteCommand.class,
      MemoryVerifyCommand.class
    })
public final class MemoryCommand extends GroupCommand {}
