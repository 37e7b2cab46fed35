package io.kxm.session.adapter.claude;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.adapter.AdapterEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;

/**
 * Whether Claude Code can reach a model: a key or token in the supervisor's environment, or the
 * state a {@code /login} leaves in the CLI's configuration folder ({@code CLAUDE_CONFIG_DIR}, else
 * {@code ~/.claude}): a credentials file, or an account recorded in {@code .claude.json} (where the
 * credential itself sits in the system keychain). Checked before a turn starts, so a missing login
 * is refused with a clear code instead of a CLI that fails halfway.
 */
final class ClaudeLogin {
  static final String API_KEY = "ANTHROPIC_API_KEY";
  static final String AUTH_TOKEN = "ANTHROPIC_AUTH_TOKEN";
  static final String OAUTH_TOKEN = "CLAUDE_CODE_OAUTH_TOKEN";
  static final String CONFIG_DIR = "CLAUDE_CONFIG_DIR";

  /** The variables that carry a credential Claude Code reads from its environment. */
  static final List<String> CREDENTIALS = List.of(API_KEY, AUTH_TOKEN, OAUTH_TOKEN);

  /** A {@code .claude.json} larger than this is not read for the account. */
  private static final long MAX_CONFIG_BYTES = 16L * 1024 * 1024;

  private ClaudeLogin() {}

  /**
   * @throws KxmException {@code harness_not_logged_in} when neither a credential variable nor login
   *     state is found
   */
  static void require(Map<String, String> supervisor) {
    if (CREDENTIALS.stream().anyMatch(name -> AdapterEnvironment.isSet(supervisor, name))) {
      return;
    }
    Path configDir = configDir(supervisor);
    if (configDir != null && (hasCredentialsFile(configDir) || hasAccount(supervisor))) {
      return;
    }
    throw new KxmException(
        ErrorCode.HARNESS_NOT_LOGGED_IN,
        "claude has no credentials: "
            + API_KEY
            + " and "
            + AUTH_TOKEN
            + " are unset in the supervisor's environment and no login was found in "
            + (configDir == null ? "~/.claude" : configDir)
            + "; set "
            + API_KEY
            + " for the supervisor, or run 'claude' once as the supervisor's user and log in");
  }

  /**
   * A sandboxed CLI sees an empty home, so the login state there is no use to it: only a credential
   * variable counts.
   *
   * @throws KxmException {@code harness_not_logged_in} when no credential variable is set
   */
  static void requireInSandbox(Map<String, String> supervisor) {
    if (CREDENTIALS.stream().noneMatch(name -> AdapterEnvironment.isSet(supervisor, name))) {
      throw new KxmException(
          ErrorCode.HARNESS_NOT_LOGGED_IN,
          "a sandboxed claude turn cannot use the login in your home, which the sandbox hides: set "
              + API_KEY
              + " or "
              + OAUTH_TOKEN
              + " (from 'claude setup-token') for the supervisor");
    }
  }

  private static Path configDir(Map<String, String> env) {
    try {
      if (AdapterEnvironment.isSet(env, CONFIG_DIR)) {
        return Path.of(env.get(CONFIG_DIR).strip());
      }
      if (AdapterEnvironment.isSet(env, "HOME")) {
        return Path.of(env.get("HOME").strip(), ".claude");
      }
    } catch (InvalidPathException e) {
      // a folder this system cannot name holds no login
    }
    return null;
  }

  private static boolean hasCredentialsFile(Path configDir) {
    return Files.isRegularFile(configDir.resolve(".credentials.json"));
  }

  /** {@code .claude.json} sits in the configuration folder when one is set, else in the home. */
  private static boolean hasAccount(Map<String, String> env) {
    Path file;
    try {
      file =
          AdapterEnvironment.isSet(env, CONFIG_DIR)
              ? Path.of(env.get(CONFIG_DIR).strip(), ".claude.json")
              : Path.of(env.get("HOME").strip(), ".claude.json");
      if (!Files.isRegularFile(file) || Files.size(file) > MAX_CONFIG_BYTES) {
        return false;
      }
      return Json.read(Files.readString(file, StandardCharsets.UTF_8))
          .path("oauthAccount")
          .isObject();
    } catch (InvalidPathException | IOException | JacksonException e) {
      return false;
    }
  }
}
