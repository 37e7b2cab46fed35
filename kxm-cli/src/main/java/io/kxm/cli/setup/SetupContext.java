package io.kxm.cli.setup;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.core.agent.AgentNames;
import io.kxm.hub.auth.ProjectNames;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * What one {@code kxm setup} run works with: the project folder, the project and agent it
 * configures, and how it reports.
 *
 * @param agent the agent CLI: {@code claude}, {@code codex} or {@code pi}
 * @param token a project token to write, or null (the default: none is written)
 */
record SetupContext(
    CliContext cli,
    ProjectFolder folder,
    String agent,
    String project,
    String projectSource,
    boolean projectExplicit,
    String name,
    String purpose,
    String token,
    boolean dryRun,
    boolean json) {

  static SetupContext of(CliContext cli, CommandLine command, SetupOptions options, String agent)
      throws InterruptedException {
    ProjectFolder folder = ProjectFolder.of(cli.workingDir());
    String project;
    String source;
    boolean explicit = options.project != null;
    if (explicit) {
      project = options.project.strip();
      if (!ProjectNames.isValid(project)) {
        throw new ParameterException(
            command,
            "--project '" + options.project + "' is not a project name; " + ProjectNames.RULE);
      }
      source = "--project";
    } else {
      CliContext atRoot =
          new CliContext(cli.env(), folder.root(), cli.out(), cli.err(), cli.agents());
      AgentSettings.Sourced found = AgentSettings.project(atRoot);
      project = found.value();
      source = found.source();
    }
    String name = options.name == null ? agent : options.name.strip();
    if (!AgentNames.isValid(name)) {
      throw new ParameterException(
          command, "--name '" + options.name + "' is not an agent name: " + AgentNames.RULE);
    }
    String purpose = options.purpose == null ? null : options.purpose.strip();
    String token = options.token == null ? null : options.token.strip();
    if (token != null && token.isEmpty()) {
      throw new ParameterException(command, "--token needs a project token");
    }
    return new SetupContext(
        cli,
        folder,
        agent,
        project,
        source,
        explicit,
        name,
        purpose,
        token,
        options.dryRun,
        options.json);
  }

  Map<String, String> env() {
    return cli.env();
  }

  Path root() {
    return folder.root();
  }
}
