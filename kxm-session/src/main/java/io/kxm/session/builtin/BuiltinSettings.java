package io.kxm.session.builtin;

import io.kxm.core.paths.StatePaths;
import io.kxm.core.settings.EnvSettings;
import java.nio.file.Path;
import java.util.Map;

/**
 * The built-in agent's settings, read once from the supervisor's environment; a value out of range
 * refuses the start with {@code config_invalid} naming the variable.
 *
 * @param autoApprove which changing tools run without asking a person
 * @param maxSteps the most model calls one turn makes
 * @param maxOutputTokens the most tokens one model call may write
 * @param defaultModel the model route for sessions created without one; null when unset
 * @param worktrees where session worktrees live
 */
public record BuiltinSettings(
    AutoApprove autoApprove,
    int maxSteps,
    int maxOutputTokens,
    String defaultModel,
    Path worktrees) {
  public static final String AUTO_APPROVE = "KXM_BUILTIN_AUTO_APPROVE";
  public static final String MAX_STEPS = "KXM_BUILTIN_MAX_STEPS";
  public static final String MAX_OUTPUT_TOKENS = "KXM_BUILTIN_MAX_OUTPUT_TOKENS";
  public static final String MODEL = "KXM_BUILTIN_MODEL";

  /** Which tools that change files run without an approval. */
  public enum AutoApprove {
    /** Every write and every command asks. */
    NONE,
    /** {@code write_file} and {@code edit_file} run at once; commands ask. */
    WRITES,
    /** Writes and commands run at once. */
    ALL;

    boolean allows(String tool) {
      return switch (this) {
        case NONE -> false;
        case WRITES -> tool.equals("write_file") || tool.equals("edit_file");
        case ALL -> true;
      };
    }
  }

  public static BuiltinSettings fromEnvironment(Map<String, String> env) {
    EnvSettings read = EnvSettings.of(env);
    return new BuiltinSettings(
        read.choice(AUTO_APPROVE, AutoApprove.class, AutoApprove.NONE),
        read.integer(MAX_STEPS, 50, 1, 1000),
        read.integer(MAX_OUTPUT_TOKENS, 8192, 256, 200_000),
        read.string(MODEL),
        StatePaths.fromEnvironment(env).root().resolve("runtime").resolve("worktrees"));
  }
}
