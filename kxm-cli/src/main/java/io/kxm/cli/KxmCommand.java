package io.kxm.cli;

import io.kxm.cli.agent.AgentCommand;
import io.kxm.cli.auth.AuthCommand;
import io.kxm.cli.config.ConfigCommand;
import io.kxm.cli.config.InitCommand;
import io.kxm.cli.context.ContextCommand;
import io.kxm.cli.evolve.EvolveCommand;
import io.kxm.cli.gate.GateCommand;
import io.kxm.cli.hub.HubCommand;
import io.kxm.cli.hub.UpCommand;
import io.kxm.cli.knowledge.KnowledgeCommand;
import io.kxm.cli.mcp.McpCommand;
import io.kxm.cli.memory.MemoryCommand;
import io.kxm.cli.run.RunCommand;
import io.kxm.cli.run.RunsCommand;
import io.kxm.cli.runtime.RuntimeCommand;
import io.kxm.cli.session.SessionCommand;
import io.kxm.cli.trust.TrustCommand;
import picocli.CommandLine.Command;

/** The root {@code kxm} command; its subcommands are the command groups. */
@Command(
    name = "kxm",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Durable coordination hub and runtime for AI coding agents.",
    subcommands = {
      UpCommand.class,
      HubCommand.class,
      AuthCommand.class,
      McpCommand.class,
      AgentCommand.class,
      SessionCommand.class,
      GateCommand.class,
      InitCommand.class,
      ConfigCommand.class,
      RuntimeCommand.class,
      RunCommand.class,
      RunsCommand.class,
      TrustCommand.class,
      ContextCommand.class,
      KnowledgeCommand.class,
      MemoryCommand.class,
      EvolveCommand.class
    })
public final class KxmCommand extends GroupCommand {}
