package io.kxm.cli.setup;

import java.nio.file.Path;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code SessionStart} hook that runs {@code kxm hook session-start}, in the hooks layout
 * Claude Code and Codex share: a list of matcher groups, each with a list of command hooks. Both
 * run the command through a shell and add what it prints to the session's context.
 */
final class SessionStartHook {
  static final String ARGUMENTS = "hook session-start";
  static final int TIMEOUT_SECONDS = 10;

  private SessionStartHook() {}

  /** The shell command: the launcher, quoted when it needs to be, and the hook's arguments. */
  static String command(Path launcher) {
    return Shell.quote(launcher.toString()) + " " + ARGUMENTS;
  }

  /**
   * Sets kxm's hook in {@code groups}: a hook already there that runs {@code kxm hook
   * session-start} gets this command, else a group of its own is added.
   */
  static void put(ArrayNode groups, String command) {
    for (JsonNode group : groups) {
      if (group instanceof ObjectNode object && object.get("hooks") instanceof ArrayNode hooks) {
        for (JsonNode hook : hooks) {
          if (hook instanceof ObjectNode h && isKxm(h.path("command").asString(""))) {
            h.put("type", "command");
            h.put("command", command);
            if (!h.has("timeout")) {
              h.put("timeout", TIMEOUT_SECONDS);
            }
            return;
          }
        }
      }
    }
    ObjectNode group = groups.addObject();
    ObjectNode hook = group.putArray("hooks").addObject();
    hook.put("type", "command");
    hook.put("command", command);
    hook.put("timeout", TIMEOUT_SECONDS);
  }

  private static boolean isKxm(String command) {
    return command.strip().endsWith(ARGUMENTS) && command.contains("kxm");
  }

  /** POSIX shell quoting. */
  static final class Shell {
    private Shell() {}

    static String quote(String word) {
      if (!word.isEmpty() && word.matches("[A-Za-z0-9_./:=@%+-]+")) {
        return word;
      }
      return "'" + word.replace("'", "'\\''") + "'";
    }
  }
}
