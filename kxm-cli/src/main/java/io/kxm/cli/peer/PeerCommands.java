package io.kxm.cli.peer;

import io.kxm.cli.CliContext;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import picocli.CommandLine;

/** Adds {@code kxm peer} with one subcommand per peer tool of the catalog, in catalog order. */
public final class PeerCommands {
  private PeerCommands() {}

  public static void addTo(CommandLine root, CliContext context) {
    CommandLine peer = new CommandLine(new PeerCommand());
    for (ToolDefinition tool : ToolCatalog.standard().tools()) {
      if (tool.group() == ToolGroup.PEERS) {
        peer.addSubcommand(
            ToolSubcommand.commandName(tool), new ToolSubcommand(tool, context).spec());
      }
    }
    root.addSubcommand("peer", peer);
  }
}
