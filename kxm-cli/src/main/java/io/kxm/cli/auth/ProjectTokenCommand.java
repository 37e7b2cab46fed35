package io.kxm.cli.auth;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm auth project-token}: tokens that let agents register in one project. */
@Command(
    name = "project-token",
    mixinStandardHelpOptions = true,
    description = "Tokens that let agents of one project register and talk to each other.",
    subcommands = {
      ProjectTokenCreateCommand.class,
      ProjectTokenRotateCommand.class,
      ProjectTokenRevokeCommand.class,
      ProjectTokenListCommand.class
    })
public final class ProjectTokenCommand extends GroupCommand {}
