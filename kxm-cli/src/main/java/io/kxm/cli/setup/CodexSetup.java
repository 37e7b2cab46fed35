package io.kxm.cli.setup;

import io.kxm.cli.agent.AgentSettings;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.toml.TomlValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Codex reads {@code [mcp_servers.<name>]} from the user's {@code ~/.codex/config.toml} (or {@code
 * $CODEX_HOME}) and from a project's {@code .codex/config.toml}, the latter only once the person
 * trusted the project. It starts a stdio server with a filtered environment, so the variables the
 * server needs from the person's shell are named in {@code env_vars} and fixed ones go in the
 * {@code env} sub-table. Hooks live in {@code hooks.json} beside the config, in Claude Code's
 * layout, and run only after the person reviewed them ({@code /hooks}).
 */
final class CodexSetup {
  static final String SERVER = "kxm";
  static final int STARTUP_SECONDS = 60;

  /** Passed through from the shell Codex runs in: the hub, the token, kxm's state folders. */
  static final List<String> FORWARDED =
      List.of(
          "KXM_SERVER_URL",
          AgentSettings.TOKEN,
          "KXM_STATE_HOME",
          "KXM_USER_CONFIG_DIR",
          "KXM_LOGS_DIR");

  private CodexSetup() {}

  static SetupPlan plan(SetupContext setup, boolean user) throws InterruptedException {
    Path launcher = KxmLauncher.find(setup.env());
    Path folder = user ? codexHome(setup) : setup.root().resolve(".codex");
    Path configFile = folder.resolve("config.toml");
    Path hooksFile = folder.resolve("hooks.json");
    if (setup.token() != null) {
      TokenPlacement.refuseWhereGitKeeps(setup, configFile);
    }

    // the user's file serves every project: it pins the project only when told to
    boolean pinProject = !user || setup.projectExplicit();
    List<String> forwarded = new ArrayList<>(FORWARDED);
    if (!pinProject) {
      forwarded.add(AgentSettings.PROJECT);
    }
    Map<String, String> main = new LinkedHashMap<>();
    main.put("command", TomlValues.string(launcher.toString()));
    main.put("args", TomlValues.array(List.of("mcp")));
    main.put("env_vars", TomlValues.array(forwarded));
    main.put("startup_timeout_sec", Integer.toString(STARTUP_SECONDS));
    Map<String, String> env = new LinkedHashMap<>();
    if (pinProject) {
      env.put(AgentSettings.PROJECT, TomlValues.string(setup.project()));
    }
    env.put(AgentSettings.AGENT_NAME, TomlValues.string(setup.name()));
    if (setup.purpose() != null) {
      env.put(AgentSettings.AGENT_PURPOSE, TomlValues.string(setup.purpose()));
    }
    if (setup.token() != null) {
      env.put(AgentSettings.TOKEN, TomlValues.string(setup.token()));
    }
    List<String> root = List.of("mcp_servers", SERVER);
    List<String> envPath = List.of("mcp_servers", SERVER, "env");
    String before = JsonConfig.TextFiles.read(configFile);
    String after =
        TomlTableEdit.set(
            configFile,
            before,
            List.of(new TomlTableEdit.Table(root, main), new TomlTableEdit.Table(envPath, env)),
            pinProject ? Set.of() : Set.of(AgentSettings.PROJECT));
    check(configFile, after, launcher);
    FileChange config = new FileChange(configFile, before, after, setup.token() != null);

    JsonConfig hooks = JsonConfig.read(hooksFile);
    ObjectNode events = JsonConfig.object(hooks.tree(), "hooks", hooksFile);
    ArrayNode sessionStart = JsonConfig.array(events, "SessionStart", hooksFile);
    SessionStartHook.put(sessionStart, SessionStartHook.command(launcher));

    List<String> next = new ArrayList<>();
    if (!user) {
      next.add(
          "trust this project in Codex, which reads .codex/ only in a trusted project: answer"
              + " yes when codex asks at its first start in "
              + setup.root()
              + " (codex exec: pass --trust once).");
    }
    next.add(
        "review kxm's SessionStart hook in codex with /hooks: Codex runs a hook only once"
            + " reviewed (automation that vets its hooks passes --dangerously-bypass-hook-trust).");
    return new SetupPlan(List.of(config, hooks.change(false)), next);
  }

  /** The edited file holds the server as meant: the launcher and {@code mcp}. */
  private static void check(Path file, String text, Path launcher) {
    JsonNode doc = TomlTableEdit.parse(file, text, ErrorCode.SETUP_CONFLICT, " is no TOML: ");
    JsonNode server = doc.path("mcp_servers").path(SERVER);
    if (!server.path("command").asString("").equals(launcher.toString())
        || !server.path("args").path(0).asString("").equals("mcp")) {
      throw new KxmException(
          ErrorCode.SETUP_CONFLICT,
          file + ": mcp_servers." + SERVER + " did not come out as written; fix it by hand");
    }
  }

  /** {@code CODEX_HOME}, else {@code ~/.codex}. */
  private static Path codexHome(SetupContext setup) {
    String home = setup.env().get("CODEX_HOME");
    if (home != null && !home.isBlank()) {
      return Path.of(home.strip()).toAbsolutePath().normalize();
    }
    String userHome = setup.env().getOrDefault("HOME", System.getProperty("user.home"));
    return Path.of(userHome).resolve(".codex").toAbsolutePath().normalize();
  }
}
