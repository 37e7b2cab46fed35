package io.kxm.cli.session;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm session}: what the agent sessions started from this machine may do. */
@Command(
    name = "session",
    mixinStandardHelpOptions = true,
    description = "Limit which kxm tools agent sessions on this machine may call.",
    subcommands = {SessionTokenCommand.class})
public final class SessionCommand extends GroupCommand {}
