package io.kxm.runtime.route;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The harnesses a route may name, by the name {@code routes.yaml} and agents use. */
public enum RouteHarness {
  CLAUDE_CODE("claude-code"),
  CODEX("codex"),
  PI("pi"),
  BUILTIN("builtin"),
  COMMAND("command");

  private final String wireName;

  RouteHarness(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  /** The harness called {@code name}; empty for a name no harness has. */
  public static Optional<RouteHarness> named(String name) {
    return Arrays.stream(values()).filter(h -> h.wireName.equals(name)).findFirst();
  }

  /** Every name, in declaration order, for messages that list the choices. */
  public static List<String> names() {
    return Arrays.stream(values()).map(RouteHarness::wireName).toList();
  }
}
