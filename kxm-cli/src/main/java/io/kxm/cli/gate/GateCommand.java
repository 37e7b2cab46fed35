package io.kxm.cli.gate;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm gate}: report external results (CI, reviews) to waiting workflow runs. */
@Command(
    name = "gate",
    mixinStandardHelpOptions = true,
    description = "Report external results to hub workflow runs that wait for them.",
    subcommands = {GateSignalCommand.class})
public final class GateCommand extends GroupCommand {}
