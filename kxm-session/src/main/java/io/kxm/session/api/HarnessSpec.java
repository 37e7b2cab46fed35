package io.kxm.session.api;

import java.util.List;
import java.util.Objects;

/**
 * Which harness runs a session's turns. {@code command} starts {@code argv} (no shell) once per
 * turn in the workspace root and speaks the JSON-lines protocol of docs/harness-protocol.md; the
 * agent CLI adapters ({@code claude-code}, {@code codex}, {@code pi}) and the built-in agent
 * ({@code builtin}) take no argv.
 *
 * @param type the harness kind, one of {@link io.kxm.runtime.route.RouteHarness}'s names
 * @param argv the program and its arguments for {@code command}; empty for other kinds
 */
public record HarnessSpec(String type, List<String> argv) {
  public static final String COMMAND = "command";
  public static final String CLAUDE_CODE = "claude-code";
  public static final String CODEX = "codex";
  public static final String PI = "pi";
  public static final String BUILTIN = "builtin";

  public HarnessSpec {
    Objects.requireNonNull(type, "type");
    argv = List.copyOf(argv);
  }
}
