package io.kxm.runtime.trust;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code roles/*.yaml}: a role's routes bound its agents; an empty or missing list means every
 * admitted route, so emptying it widens and a first entry narrows. Tool lists are compared as for
 * agents.
 */
final class RoleTrust {
  private static final Set<String> KNOWN =
      Set.of("id", "description", "routes", "tools", "allowedTools");

  private RoleTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null) {
      c.widening(
          "$",
          "role-added",
          "new role " + Changes.text(after, "id") + " can be given to agents",
          null,
          after);
      return;
    }
    if (after == null) {
      c.narrowing(
          "$", "role-removed", "role " + Changes.text(before, "id") + " is gone", before, null);
      return;
    }
    c.widenIfChanged(
        before, after, "id", "$.id", "role-id-changed", "the file now defines another role");
    c.neutralIfChanged(
        before,
        after,
        "description",
        "$.description",
        "description-changed",
        "a description changed");
    routes(c, Changes.value(before, "routes"), Changes.value(after, "routes"));
    AgentTrust.tools(c, before, after, "role");
    c.unknownFields(before, after, "$", KNOWN);
  }

  private static void routes(Changes c, JsonNode before, JsonNode after) {
    if (!c.lists(before, after, "$.routes")) {
      return;
    }
    boolean anyBefore = before == null || before.isEmpty();
    boolean anyAfter = after == null || after.isEmpty();
    if (!Changes.differ(before, after) || (anyBefore && anyAfter)) {
      return;
    }
    if (anyAfter) {
      c.widening(
          "$.routes",
          "role-routes-unrestricted",
          "the role now allows every admitted route",
          before,
          after);
    } else if (anyBefore) {
      c.narrowing(
          "$.routes",
          "role-routes-restricted",
          "the role now allows only the routes it lists",
          before,
          after);
    } else {
      RouteTrust.admitted(c, "$.routes", before, after, "role-route");
    }
  }
}
