package io.kxm.cli.peer;

import io.kxm.cli.GroupCommand;
import picocli.CommandLine.Command;

/** {@code kxm peer}: the peer tools, as a short-lived agent of this project. */
@Command(
    name = "peer",
    mixinStandardHelpOptions = true,
    description = {
      "Talk to the agents of this project with the same tools agents use over MCP.",
      "Each call registers as KXM_AGENT_NAME (default cli-<pid>) with the project token, runs one"
          + " tool and ends presence; set a stable KXM_AGENT_NAME to keep an inbox across calls."
    })
public final class PeerCommand extends GroupCommand {}
