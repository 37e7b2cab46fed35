package io.kxm.cli.agent;

import io.kxm.cli.GroupCommand;
import io.kxm.cli.agent.worker.WorkerCommand;
import picocli.CommandLine.Command;

/** {@code kxm agent}: agents that this machine runs for the hub. */
@Command(
    name = "agent",
    mixinStandardHelpOptions = true,
    description =
        "Run agents for the hub on this machine: workers that answer requests with turns; prune"
            + " agents that have been offline too long.",
    subcommands = {WorkerCommand.class, AgentPruneCommand.class})
public final class AgentCommand extends GroupCommand {}
