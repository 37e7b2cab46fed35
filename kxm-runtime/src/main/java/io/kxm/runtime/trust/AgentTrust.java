package io.kxm.runtime.trust;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code agents/*.yaml}: a new agent, a new route or a looser role widens; the purpose is words.
 * Tool lists ({@code tools}, {@code allowedTools}) are compared as sets when a file has them; a
 * missing list is read as no limit, so removing one widens and adding one narrows.
 */
final class AgentTrust {
  static final Set<String> TOOL_FIELDS = Set.of("tools", "allowedTools");
  private static final Set<String> KNOWN =
      Set.of(
          "id",
          "harness",
          "model",
          "role",
          "purpose",
          "command",
          "tools",
          "allowedTools",
          "sandbox");

  private AgentTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null) {
      c.widening(
          "$",
          "agent-added",
          "new agent " + Changes.text(after, "id") + " on " + route(after) + " can be given work",
          null,
          after);
      return;
    }
    if (after == null) {
      c.narrowing(
          "$", "agent-removed", "agent " + Changes.text(before, "id") + " is gone", before, null);
      return;
    }
    c.widenIfChanged(
        before, after, "id", "$.id", "agent-id-changed", "the file now defines another agent");
    c.widenIfChanged(
        before,
        after,
        "harness",
        "$.harness",
        "agent-route-changed",
        "the agent runs in another harness");
    c.widenIfChanged(
        before,
        after,
        "model",
        "$.model",
        "agent-route-changed",
        "the agent runs on another model");
    c.widenIfChanged(
        before,
        after,
        "command",
        "$.command",
        "agent-route-changed",
        "the agent's command harness runs another program");
    role(c, before, after);
    c.sandbox(before, after, "$", "the agent");
    c.neutralIfChanged(
        before,
        after,
        "purpose",
        "$.purpose",
        "purpose-changed",
        "the agent's purpose text changed");
    tools(c, before, after, "agent");
    c.unknownFields(before, after, "$", KNOWN);
  }

  private static void role(Changes c, JsonNode before, JsonNode after) {
    JsonNode b = Changes.value(before, "role");
    JsonNode a = Changes.value(after, "role");
    if (!Changes.differ(b, a)) {
      return;
    }
    if (a == null) {
      c.widening("$.role", "agent-role-removed", "the agent is no longer bound by a role", b, null);
    } else if (b == null) {
      c.narrowing("$.role", "agent-role-added", "the agent is now bound by a role", null, a);
    } else {
      c.widening("$.role", "agent-role-changed", "the agent moves to another role", b, a);
    }
  }

  /** Compares tool lists; shared with roles, which may grant tools the same way. */
  static void tools(Changes c, JsonNode before, JsonNode after, String owner) {
    for (String field : TOOL_FIELDS) {
      JsonNode b = Changes.value(before, field);
      JsonNode a = Changes.value(after, field);
      if (b != null && a == null) {
        c.widening(
            "$." + field,
            owner + "-tools-unlisted",
            "the " + owner + "'s " + field + " list is removed, so it is no longer limited by one",
            b,
            null);
      } else if (b == null && a != null && a.isArray()) {
        c.narrowing(
            "$." + field,
            owner + "-tools-listed",
            "the " + owner + " is now limited to the tools its " + field + " list names",
            null,
            a);
      } else {
        c.grants(
            before, after, field, "$." + field, owner + "-tools", "the " + owner + "'s " + field);
      }
    }
  }

  private static String route(JsonNode agent) {
    String harness = Changes.text(agent, "harness");
    return (harness == null ? "the default harness" : harness)
        + " + "
        + Changes.text(agent, "model");
  }
}
