package io.kxm.cli.agent;

import io.kxm.cli.CliContext;
import io.kxm.client.AgentSpec;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.agent.AgentNames;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.runtime.config.ConfigYaml;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * How a command that acts as an agent ({@code kxm mcp}, {@code kxm peer}) finds its hub, project,
 * token and name. Each comes from the environment first, then from local files:
 *
 * <ul>
 *   <li>project: {@code KXM_PROJECT}, else {@code .kxm/config.yaml}, else the folder's name;
 *   <li>token: {@code KXM_AUTH_TOKEN}, else the project's token in {@code hub-env.json}. The admin
 *       token is never read from there, and the hub refuses it for agents anyway;
 *   <li>agent: {@code KXM_AGENT_NAME} (else a name unique to this process) and {@code
 *       KXM_AGENT_PURPOSE}.
 * </ul>
 */
public final class AgentSettings {
  public static final String PROJECT = "KXM_PROJECT";
  public static final String TOKEN = "KXM_AUTH_TOKEN";
  public static final String AGENT_NAME = "KXM_AGENT_NAME";
  public static final String AGENT_PURPOSE = "KXM_AGENT_PURPOSE";

  private AgentSettings() {}

  /** Where a value came from, kept for the messages that name it. */
  public record Sourced(String value, String source) {}

  /**
   * @param defaultName the agent's name when {@code KXM_AGENT_NAME} is unset, such as {@code
   *     cli-<pid>}
   */
  public static ConnectionSettings resolve(CliContext context, String defaultName) {
    HubLocation hub = HubLocation.resolve(context);
    Sourced project = project(context);
    Sourced token = token(context, project);
    return new ConnectionSettings(
        hub.url(),
        project.value(),
        token.value(),
        token.source(),
        agent(context.env(), defaultName));
  }

  public static Sourced project(CliContext context) {
    String explicit = context.env().get(PROJECT);
    if (explicit != null && !explicit.isBlank()) {
      if (!ProjectNames.isValid(explicit.strip())) {
        throw new KxmException(
            ErrorCode.CONFIG_INVALID,
            PROJECT + " '" + explicit + "' is not a project name; " + ProjectNames.RULE,
            "Set " + PROJECT + " to the project's name, for example " + PROJECT + "=web.");
      }
      return new Sourced(explicit.strip(), PROJECT);
    }
    Path folder = context.workingDir();
    Optional<String> configured = configuredProject(folder);
    if (configured.isPresent()) {
      return new Sourced(configured.get(), ConfigYaml.file(folder).toString());
    }
    Path name = folder.toAbsolutePath().normalize().getFileName();
    String folderName = name == null ? "" : name.toString();
    if (!ProjectNames.isValid(folderName)) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          "no project named: "
              + PROJECT
              + " is unset, "
              + ConfigYaml.file(folder)
              + " names none, and the folder name '"
              + folderName
              + "' is not a project name",
          "Set " + PROJECT + ", or write 'project: <name>' in " + ConfigYaml.file(folder) + ".");
    }
    return new Sourced(folderName, "the folder name");
  }

  /** The project {@code .kxm/config.yaml} names, read through the runtime's reviewed loader. */
  private static Optional<String> configuredProject(Path folder) {
    try {
      return ConfigYaml.project(folder);
    } catch (KxmException e) {
      throw new KxmException(
          e.code(),
          e.getMessage(),
          "Fix " + ConfigYaml.file(folder) + ", or set " + PROJECT + " to override it.",
          e);
    }
  }

  public static Sourced token(CliContext context, Sourced project) {
    String explicit = context.env().get(TOKEN);
    if (explicit != null && !explicit.isBlank()) {
      return new Sourced(explicit.strip(), TOKEN);
    }
    Path hubEnv = context.statePaths().hubEnv();
    Optional<String> saved = HubCredentials.load(hubEnv).projectToken(project.value());
    if (saved.isPresent()) {
      return new Sourced(saved.get(), hubEnv.toString());
    }
    throw new KxmException(
        ErrorCode.AUTH_REQUIRED,
        "kxm has no project token for project "
            + project.value()
            + " (project from "
            + project.source()
            + "): "
            + TOKEN
            + " is unset and "
            + hubEnv
            + " holds no token for it",
        "Create one with 'kxm auth project-token create "
            + project.value()
            + "' on the hub's machine, or set "
            + TOKEN
            + " to the project's token.");
  }

  static AgentSpec agent(Map<String, String> env, String defaultName) {
    String name = env.get(AGENT_NAME);
    if (name == null || name.isBlank()) {
      name = defaultName;
    }
    if (!AgentNames.isValid(name.strip())) {
      throw new KxmException(
          ErrorCode.CONFIG_INVALID,
          AGENT_NAME + " '" + name + "' is not an agent name: " + AgentNames.RULE,
          "Set " + AGENT_NAME + " to a name such as reviewer or claude-main.");
    }
    return new AgentSpec(name.strip(), env.get(AGENT_PURPOSE), null, null);
  }
}
