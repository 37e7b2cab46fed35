package io.kxm.cli.auth;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm auth}: credentials the hub accepts. */
@Command(
    name = "auth",
    mixinStandardHelpOptions = true,
    description = "Manage the credentials the hub accepts.",
    subcommands = {ProjectTokenCommand.class, AdminTokenCommand.class})
public final class AuthCommand extends GroupCommand {}
