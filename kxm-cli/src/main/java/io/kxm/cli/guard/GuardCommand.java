package io.kxm.cli.guard;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm guard}: reservations enforced where commits happen. */
@Command(
    name = "guard",
    mixinStandardHelpOptions = true,
    description =
        "Enforce reservations in Git: a pre-commit hook that refuses commits touching paths"
            + " another agent holds.",
    subcommands = {GuardInstallCommand.class, GuardCheckCommand.class})
public final class GuardCommand extends GroupCommand {}
