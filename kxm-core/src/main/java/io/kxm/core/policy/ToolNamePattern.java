package io.kxm.core.policy;

import java.util.Locale;

/**
 * How a policy entry names tools: the full name ({@code kxm_send}), the name without {@code kxm_}
 * ({@code send}), {@code *} for every tool, or a prefix ending in {@code *} ({@code kxm_workflow_*}
 * or {@code workflow_*}). A {@code *} anywhere else is taken literally.
 */
public final class ToolNamePattern {
  private static final String PREFIX = "kxm_";

  private ToolNamePattern() {}

  public static boolean matches(String pattern, String tool) {
    String p = normalize(pattern);
    String shortName = tool.startsWith(PREFIX) ? tool.substring(PREFIX.length()) : tool;
    if (p.endsWith("*")) {
      String stem = p.substring(0, p.length() - 1);
      return tool.startsWith(stem) || shortName.startsWith(stem);
    }
    return p.equals(tool) || p.equals(shortName);
  }

  /** True only for an entry that names this one tool, without any wildcard. */
  public static boolean namesExactly(String pattern, String tool) {
    return !normalize(pattern).endsWith("*") && matches(pattern, tool);
  }

  static String normalize(String pattern) {
    return pattern.strip().toLowerCase(Locale.ROOT);
  }
}
