package io.kxm.cli.config;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm config}: the project's reviewed {@code .kxm/} configuration. */
@Command(
    name = "config",
    mixinStandardHelpOptions = true,
    description = "Check the project's reviewed .kxm/ configuration.",
    subcommands = {ConfigValidateCommand.class})
public final class ConfigCommand extends GroupCommand {}
