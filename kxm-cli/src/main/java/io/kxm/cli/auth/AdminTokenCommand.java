package io.kxm.cli.auth;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm auth admin-token}: the operator's token. */
@Command(
    name = "admin-token",
    mixinStandardHelpOptions = true,
    description = "The hub's admin token, which opens every admin route.",
    subcommands = {AdminTokenRotateCommand.class})
public final class AdminTokenCommand extends GroupCommand {}
