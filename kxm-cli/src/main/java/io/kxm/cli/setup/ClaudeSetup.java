package io.kxm.cli.setup;

import io.kxm.cli.agent.AgentSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Claude Code reads project MCP servers from {@code .mcp.json} and asks before it starts one; the
 * answer is kept in {@code enabledMcpjsonServers} of {@code .claude/settings.local.json}, the
 * settings file of this person in this project (Claude Code's own approval writes the same key).
 * Hooks live in the same settings, under {@code hooks.SessionStart}.
 */
final class ClaudeSetup {
  static final String SERVER = "kxm";

  private ClaudeSetup() {}

  static SetupPlan plan(SetupContext setup) throws InterruptedException {
    Path launcher = KxmLauncher.find(setup.env());
    Path mcpFile = setup.root().resolve(".mcp.json");
    Path settingsFile = setup.root().resolve(".claude").resolve("settings.local.json");
    if (setup.token() != null) {
      TokenPlacement.refuseWhereGitKeeps(setup, mcpFile);
    }

    JsonConfig mcp = JsonConfig.read(mcpFile);
    ObjectNode servers = JsonConfig.object(mcp.tree(), "mcpServers", mcpFile);
    ObjectNode server = JsonConfig.object(servers, SERVER, mcpFile);
    server.put("type", "stdio");
    server.put("command", launcher.toString());
    ArrayNode args = server.putArray("args");
    args.add("mcp");
    // Claude Code ignores the channel until a session opts in (docs/claude-code-plugin.md), so
    // declaring it costs nothing and lets such a session get requests pushed.
    args.add("--channel");
    ObjectNode env = JsonConfig.object(server, "env", mcpFile);
    env.put(AgentSettings.PROJECT, setup.project());
    env.put(AgentSettings.AGENT_NAME, setup.name());
    if (setup.purpose() != null) {
      env.put(AgentSettings.AGENT_PURPOSE, setup.purpose());
    }
    if (setup.token() != null) {
      env.put(AgentSettings.TOKEN, setup.token());
    }

    JsonConfig settings = JsonConfig.read(settingsFile);
    ArrayNode enabled = JsonConfig.array(settings.tree(), "enabledMcpjsonServers", settingsFile);
    if (!contains(enabled, SERVER)) {
      enabled.add(SERVER);
    }
    ObjectNode hooks = JsonConfig.object(settings.tree(), "hooks", settingsFile);
    ArrayNode sessionStart = JsonConfig.array(hooks, "SessionStart", settingsFile);
    SessionStartHook.put(sessionStart, SessionStartHook.command(launcher));

    List<String> next = new ArrayList<>();
    next.add(
        "start claude in "
            + setup.root()
            + ": the kxm tools are mcp__kxm__*, and the session opens with kxm's brief.");
    if (setup.folder().tracking(settingsFile) == ProjectFolder.Tracking.UNTRACKED) {
      next.add(
          "add .claude/settings.local.json to .gitignore: it is this person's settings, not the"
              + " project's.");
    }
    return new SetupPlan(List.of(mcp.change(setup.token() != null), settings.change(false)), next);
  }

  private static boolean contains(ArrayNode array, String value) {
    for (JsonNode item : array) {
      if (item.isString() && item.asString().equals(value)) {
        return true;
      }
    }
    return false;
  }
}
