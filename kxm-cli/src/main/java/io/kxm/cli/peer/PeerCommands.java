package io.kxm.cli.peer;

import io.kxm.cli.CliContext;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import java.util.List;
import picocli.CommandLine;

/**
 * Adds {@code kxm peer} with one subcommand per peer tool of the catalog, in catalog order, then
 * {@code retire}.
 */
public final class PeerCommands {
  private PeerCommands() {}

  public static void addTo(CommandLine root, CliContext context) {
    addTo(root, context, true, "");
  }

  /**
   * Adds {@code kxm peer}; its tool subcommands only when {@code withTools}, since building them
   * loads the whole catalog and every other command should start without that cost. When {@code
   * only} is the command of one peer tool, that tool's subcommand is the only one built: each turns
   * its schema into options, and a line that runs one tool needs no other (help and a typo to
   * suggest against get them all).
   */
  public static void addTo(CommandLine root, CliContext context, boolean withTools, String only) {
    CommandLine peer = new CommandLine(new PeerCommand());
    List<ToolDefinition> tools =
        withTools
            ? ToolCatalog.standard().tools().stream()
                .filter(tool -> tool.group() == ToolGroup.PEERS)
                .toList()
            : List.of();
    boolean namesOne =
        tools.stream().anyMatch(tool -> ToolSubcommand.commandName(tool).equals(only));
    for (ToolDefinition tool : tools) {
      if (!namesOne || ToolSubcommand.commandName(tool).equals(only)) {
        peer.addSubcommand(
            ToolSubcommand.commandName(tool), new ToolSubcommand(tool, context).spec());
      }
    }
    // Not a tool: agents retire through the hub's routes, never through the MCP catalog.
    peer.addSubcommand("retire", new CommandLine(new PeerRetireCommand(context)));
    root.addSubcommand("peer", peer);
  }

  /** {@code kxm_send} → {@code send}: the command a catalog tool becomes. */
  public static String toolCommandName(ToolDefinition tool) {
    return ToolSubcommand.commandName(tool);
  }

  /** A catalog tool as a command, for groups outside {@code kxm peer}. */
  public static CommandLine.Model.CommandSpec toolCommand(ToolDefinition tool, CliContext context) {
    return new ToolSubcommand(tool, context).spec();
  }
}
