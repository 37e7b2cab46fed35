package io.kxm.cli.knowledge;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm knowledge}: the knowledge database's forum tools and bundles. */
@Command(
    name = "knowledge",
    mixinStandardHelpOptions = true,
    description = "Serve forum tools over a knowledge database, and export its knowledge bundles.",
    subcommands = {KnowledgeMcpCommand.class, KnowledgeExportCommand.class})
public final class KnowledgeCommand extends GroupCommand {}
