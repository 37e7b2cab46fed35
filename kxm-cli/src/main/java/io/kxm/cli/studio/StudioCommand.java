package io.kxm.cli.studio;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm studio}: workflows as pictures, for the terminal and the web console. */
@Command(
    name = "studio",
    mixinStandardHelpOptions = true,
    description = "Show a workflow as a DAG, a stepper and swimlanes.",
    subcommands = {StudioLayoutCommand.class})
public final class StudioCommand extends GroupCommand {}
