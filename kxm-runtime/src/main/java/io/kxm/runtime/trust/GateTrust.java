package io.kxm.runtime.trust;

import java.util.LinkedHashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code gates.yaml}: every gate is a command the runtime will run, so new or changed argv widens.
 */
final class GateTrust {
  // gates.schema.json: timeoutMs defaults to ten minutes
  private static final long DEFAULT_TIMEOUT_MS = 600_000;
  private static final Set<String> KNOWN = Set.of("description", "argv", "timeoutMs", "sandbox");

  private GateTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    JsonNode gatesBefore = Changes.value(before, "gates");
    JsonNode gatesAfter = Changes.value(after, "gates");
    if (!mapping(gatesBefore) || !mapping(gatesAfter)) {
      c.widenIfChanged(
          before,
          after,
          "gates",
          "$.gates",
          "unreadable-gates",
          "gates is not a mapping of names to commands, so its change counts as widening");
    } else {
      Set<String> names = new LinkedHashSet<>();
      if (gatesBefore != null) {
        names.addAll(gatesBefore.propertyNames());
      }
      if (gatesAfter != null) {
        names.addAll(gatesAfter.propertyNames());
      }
      for (String name : names) {
        gate(c, name, Changes.value(gatesBefore, name), Changes.value(gatesAfter, name));
      }
    }
    c.unknownFields(before, after, "$", Set.of("gates"));
  }

  private static boolean mapping(JsonNode node) {
    return node == null || node.isObject();
  }

  private static void gate(Changes c, String name, JsonNode before, JsonNode after) {
    String path = "$.gates." + name;
    if (before == null) {
      c.widening(
          path,
          "gate-added",
          "gate " + name + " can run " + Changes.text(after, "argv"),
          null,
          after);
      return;
    }
    if (after == null) {
      c.narrowing(path, "gate-removed", "gate " + name + " no longer runs", before, null);
      return;
    }
    c.widenIfChanged(
        before,
        after,
        "argv",
        path + ".argv",
        "gate-argv-changed",
        "gate " + name + " runs another command");
    c.limit(
        before,
        after,
        "timeoutMs",
        path + ".timeoutMs",
        "gate " + name + " timeout (ms)",
        DEFAULT_TIMEOUT_MS);
    c.sandbox(before, after, path, "gate " + name);
    c.neutralIfChanged(
        before,
        after,
        "description",
        path + ".description",
        "description-changed",
        "a description changed");
    c.unknownFields(before, after, path, KNOWN);
  }
}
