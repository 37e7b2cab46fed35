package io.kxm.core.paths;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where KXM keeps machine-level state that is never committed: {@code KXM_STATE_HOME}, else {@code
 * $XDG_STATE_HOME/kxm}, else {@code ~/.local/state/kxm}.
 */
public record StatePaths(Path root) {

  public StatePaths {
    if (!root.isAbsolute()) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE,
          "the user state root must be an absolute path, got " + root,
          "Set KXM_STATE_HOME to an absolute path.");
    }
  }

  public static StatePaths fromEnvironment(Map<String, String> env) {
    String explicit = env.get("KXM_STATE_HOME");
    if (explicit != null && !explicit.isBlank()) {
      return new StatePaths(Path.of(explicit));
    }
    String xdg = env.get("XDG_STATE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return new StatePaths(Path.of(xdg, "kxm"));
    }
    String home = env.getOrDefault("HOME", System.getProperty("user.home"));
    return new StatePaths(Path.of(home, ".local", "state", "kxm"));
  }

  /** The hub's credential file: admin token and project tokens. */
  public Path hubEnv() {
    return root.resolve("hub-env.json");
  }

  /** The key that signs local session tokens (tool policy). */
  public Path sessionKey() {
    return root.resolve("session-key");
  }
}
