package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.session.api.HarnessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks what a client sends to create a session or queue a turn, before anything is stored. Each
 * refusal names the limit it broke, so the caller can fix the request and send it again.
 */
final class SessionInputs {
  static final int MAX_ARGS = 64;
  static final int MAX_ARG_CHARS = 4096;
  static final int MAX_MODEL_CHARS = 200;
  static final int MAX_PROMPT_BYTES = 256 * 1024;
  static final int MAX_PATH_CHARS = 4096;

  private SessionInputs() {}

  /** The canonical form of an absolute path naming an existing folder. */
  static String workspaceRoot(String raw) {
    if (raw == null || raw.isEmpty() || raw.length() > MAX_PATH_CHARS || raw.indexOf('\0') >= 0) {
      throw invalidRoot("workspaceRoot must be an absolute folder path of 1 to 4096 characters");
    }
    Path path;
    try {
      path = Path.of(raw);
    } catch (InvalidPathException e) {
      throw invalidRoot("workspaceRoot is not a path: " + e.getReason());
    }
    if (!path.isAbsolute()) {
      throw invalidRoot("workspaceRoot must be absolute; got a relative path");
    }
    try {
      Path real = path.toRealPath();
      if (!Files.isDirectory(real)) {
        throw invalidRoot("workspaceRoot " + raw + " is not a folder");
      }
      return real.toString();
    } catch (IOException e) {
      throw invalidRoot("workspaceRoot " + raw + " does not exist or cannot be read");
    }
  }

  /**
   * A harness of a known type: {@code command} with a bounded, non-empty argv, or an agent CLI
   * adapter or the built-in agent, which take no argv.
   */
  static HarnessSpec harness(HarnessSpec spec) {
    if (spec == null) {
      throw invalidHarness("harness is required");
    }
    if (RouteHarness.named(spec.type()).isEmpty()) {
      throw invalidHarness(
          "harness type must be one of "
              + RouteHarness.names()
              + "; got '"
              + cut(spec.type())
              + "'");
    }
    List<String> argv = spec.argv();
    if (!HarnessSpec.COMMAND.equals(spec.type())) {
      if (!argv.isEmpty()) {
        throw invalidHarness(
            "harness type '" + spec.type() + "' takes no argv; only 'command' names a program");
      }
      return spec;
    }
    if (argv.isEmpty() || argv.size() > MAX_ARGS) {
      throw invalidHarness(
          "harness argv must hold 1 to " + MAX_ARGS + " entries; got " + argv.size());
    }
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      if (arg == null || arg.length() > MAX_ARG_CHARS || arg.indexOf('\0') >= 0) {
        throw invalidHarness(
            "harness argv[" + i + "] must be text of at most " + MAX_ARG_CHARS + " without NUL");
      }
    }
    if (argv.getFirst().isEmpty()) {
      throw invalidHarness("harness argv[0] names the program and cannot be empty");
    }
    return spec;
  }

  /** An optional model route; blank means the harness chooses. */
  static String model(String model) {
    if (model == null || model.isBlank()) {
      return null;
    }
    if (model.length() > MAX_MODEL_CHARS || model.chars().anyMatch(Character::isISOControl)) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "model must be at most " + MAX_MODEL_CHARS + " characters without control characters");
    }
    return model;
  }

  static String prompt(String prompt) {
    int bytes = prompt == null ? 0 : prompt.getBytes(StandardCharsets.UTF_8).length;
    if (bytes == 0 || bytes > MAX_PROMPT_BYTES || prompt.indexOf('\0') >= 0) {
      throw new KxmException(
          ErrorCode.RUN_PROMPT_INVALID,
          "a prompt is 1 to "
              + MAX_PROMPT_BYTES
              + " bytes of UTF-8 text without NUL; got "
              + bytes
              + " bytes");
    }
    return prompt;
  }

  private static String cut(String text) {
    if (text == null) {
      return "null";
    }
    return text.length() <= 40 ? text : text.substring(0, 40) + "…";
  }

  private static KxmException invalidRoot(String message) {
    return new KxmException(ErrorCode.WORKSPACE_ROOT_INVALID, message);
  }

  private static KxmException invalidHarness(String message) {
    return new KxmException(ErrorCode.HARNESS_INVALID, message);
  }
}
