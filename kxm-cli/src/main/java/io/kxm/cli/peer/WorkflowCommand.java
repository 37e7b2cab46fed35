package io.kxm.cli.peer;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm workflow}: the coordinator's workflow tools, as a short-lived agent. */
@Command(
    name = "workflow",
    mixinStandardHelpOptions = true,
    description = {
      "Work on hub webhook workflow runs with the same tools a coordinator uses over MCP.",
      "Only the run's coordinator may act on it: set KXM_AGENT_NAME to the coordinator's name."
    })
public final class WorkflowCommand extends GroupCommand {}
