package io.kxm.cli.reserve;

import io.kxm.cli.CliContext;
import io.kxm.cli.peer.PeerCommands;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import java.util.Set;
import picocli.CommandLine;

/**
 * Adds {@code kxm reserve} and {@code kxm release}, generated from the catalog's reservation tools
 * like the peer commands, so the CLI and MCP reserve alike.
 */
public final class ReserveCommands {
  /** The command names, for the launcher's choice of which part of the tree to build. */
  public static final Set<String> NAMES = Set.of("reserve", "release");

  private ReserveCommands() {}

  public static void addTo(CommandLine root, CliContext context) {
    for (ToolDefinition tool : ToolCatalog.standard().tools()) {
      if (tool.group() == ToolGroup.RESERVATIONS) {
        root.addSubcommand(
            PeerCommands.toolCommandName(tool), PeerCommands.toolCommand(tool, context));
      }
    }
  }
}
