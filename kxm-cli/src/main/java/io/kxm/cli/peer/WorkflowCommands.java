package io.kxm.cli.peer;

import io.kxm.cli.CliContext;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import java.util.List;
import picocli.CommandLine;

/**
 * Adds {@code kxm workflow} with one subcommand per workflow tool of the catalog, in catalog order:
 * {@code kxm_workflow_list} is {@code list}, {@code kxm_improvement_report} is {@code
 * improvement-report}.
 */
public final class WorkflowCommands {
  private static final String PREFIX = "kxm_workflow_";

  private WorkflowCommands() {}

  public static void addTo(CommandLine root, CliContext context) {
    addTo(root, context, true);
  }

  /** Adds {@code kxm workflow}; its tool subcommands only when {@code withTools} (see peer). */
  public static void addTo(CommandLine root, CliContext context, boolean withTools) {
    CommandLine workflow = new CommandLine(new WorkflowCommand());
    for (ToolDefinition tool :
        withTools ? ToolCatalog.standard().tools() : List.<ToolDefinition>of()) {
      if (tool.group() == ToolGroup.WORKFLOWS) {
        workflow.addSubcommand(commandName(tool), new ToolSubcommand(tool, context).spec());
      }
    }
    root.addSubcommand("workflow", workflow);
  }

  /** The subcommand a workflow tool becomes. */
  public static String commandName(ToolDefinition tool) {
    String name = tool.name();
    String bare =
        name.startsWith(PREFIX)
            ? name.substring(PREFIX.length())
            : name.substring(ToolSubcommand.PREFIX.length());
    return bare.replace('_', '-');
  }
}
