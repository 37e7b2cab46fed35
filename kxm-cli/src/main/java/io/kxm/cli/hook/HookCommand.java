package io.kxm.cli.hook;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm hook}: what an agent's session hooks run. */
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = "Commands an agent's session hooks run; each is quick.",
    subcommands = {SessionStartCommand.class, PreToolUseCommand.class})
public final class HookCommand extends GroupCommand {}
