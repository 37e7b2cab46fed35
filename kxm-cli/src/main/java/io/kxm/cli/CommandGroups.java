package io.kxm.cli;

import io.kxm.cli.agent.AgentCommand;
import io.kxm.cli.auth.AuthCommand;
import io.kxm.cli.backup.BackupCommand;
import io.kxm.cli.backup.RestoreCommand;
import io.kxm.cli.config.ConfigCommand;
import io.kxm.cli.config.InitCommand;
import io.kxm.cli.context.ContextCommand;
import io.kxm.cli.dash.DashCommand;
import io.kxm.cli.doctor.DoctorCommand;
import io.kxm.cli.evolve.EvolveCommand;
import io.kxm.cli.gate.GateCommand;
import io.kxm.cli.gc.GcCommand;
import io.kxm.cli.guard.GuardCommand;
import io.kxm.cli.hook.HookCommand;
import io.kxm.cli.hub.HubCommand;
import io.kxm.cli.hub.UpCommand;
import io.kxm.cli.knowledge.KnowledgeCommand;
import io.kxm.cli.mcp.McpCommand;
import io.kxm.cli.memory.MemoryCommand;
import io.kxm.cli.reserve.ReservationsCommand;
import io.kxm.cli.run.RunCommand;
import io.kxm.cli.run.RunsCommand;
import io.kxm.cli.runtime.RuntimeCommand;
import io.kxm.cli.session.SessionCommand;
import io.kxm.cli.setup.SetupCommand;
import io.kxm.cli.studio.StudioCommand;
import io.kxm.cli.trust.TrustCommand;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * The annotated command groups under {@code kxm}, in the order help lists them; the generated
 * {@code peer} and {@code workflow} groups follow them.
 */
final class CommandGroups {
  static final List<Class<?>> ALL =
      List.of(
          UpCommand.class,
          HubCommand.class,
          AuthCommand.class,
          McpCommand.class,
          HookCommand.class,
          AgentCommand.class,
          SessionCommand.class,
          GateCommand.class,
          InitCommand.class,
          ConfigCommand.class,
          RuntimeCommand.class,
          RunCommand.class,
          RunsCommand.class,
          TrustCommand.class,
          StudioCommand.class,
          DashCommand.class,
          ReservationsCommand.class,
          GuardCommand.class,
          SetupCommand.class,
          ContextCommand.class,
          KnowledgeCommand.class,
          MemoryCommand.class,
          EvolveCommand.class,
          GcCommand.class,
          BackupCommand.class,
          RestoreCommand.class,
          DoctorCommand.class);

  private CommandGroups() {}

  /** The name a group is called by on the command line. */
  static String name(Class<?> group) {
    return group.getAnnotation(Command.class).name();
  }

  /** The group called {@code name}, if there is one. */
  static Optional<Class<?>> named(String name) {
    return ALL.stream().filter(group -> name(group).equals(name)).findFirst();
  }
}
