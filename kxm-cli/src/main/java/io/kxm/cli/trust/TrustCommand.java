package io.kxm.cli.trust;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm trust}: review what a change of {@code .kxm/} allows before it is merged. */
@Command(
    name = "trust",
    mixinStandardHelpOptions = true,
    description = "Review the permissions a change of .kxm/ grants, against a Git revision.",
    subcommands = {TrustDiffCommand.class, TrustCheckCommand.class})
public final class TrustCommand extends GroupCommand {}
