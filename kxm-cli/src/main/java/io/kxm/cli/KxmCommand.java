package io.kxm.cli;

import picocli.CommandLine.Command;

/** The root {@code kxm} command; {@link Cli} adds the command groups under it. */
@Command(
    name = "kxm",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Durable coordination hub and runtime for AI coding agents.")
public final class KxmCommand extends GroupCommand {}
