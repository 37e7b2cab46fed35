package io.kxm.runtime.trust;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code routes.yaml}: the admitted harness + model pairs. Without the file every route is
 * admitted, so adding it narrows and deleting it widens; within it, each admitted pair widens.
 */
final class RouteTrust {
  private RouteTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null) {
      c.narrowing(
          "$",
          "routes-declared",
          "agents are now limited to the routes the file lists",
          null,
          after);
      return;
    }
    if (after == null) {
      c.widening(
          "$",
          "routes-undeclared",
          "without routes.yaml every harness + model route is admitted",
          before,
          null);
      return;
    }
    admitted(
        c, "$.routes", Changes.value(before, "routes"), Changes.value(after, "routes"), "route");
    // the default must itself be listed, so changing it admits nothing new
    c.neutralIfChanged(
        before,
        after,
        "default",
        "$.default",
        "route-default-changed",
        "a request naming no route gets another of the admitted routes");
    c.unknownFields(before, after, "$", Set.of("routes", "default"));
  }

  /** Compares two route lists; shared with roles. {@code subject} names whose routes they are. */
  static void admitted(Changes c, String path, JsonNode before, JsonNode after, String subject) {
    if (!c.lists(before, after, path)) {
      return;
    }
    Map<String, JsonNode> from = byKey(before);
    Map<String, JsonNode> to = byKey(after);
    to.forEach((key, route) -> {
      if (!from.containsKey(key)) {
        c.widening(
            path + "[" + key + "]",
            subject + "-admitted",
            subject + " " + key + " is admitted",
            null,
            route);
      }
    });
    to.forEach((key, route) -> {
      if (from.containsKey(key)) {
        c.sandbox(from.get(key), route, path + "[" + key + "]", subject + " " + key);
      }
    });
    from.forEach((key, route) -> {
      if (!to.containsKey(key)) {
        c.narrowing(
            path + "[" + key + "]",
            subject + "-removed",
            subject + " " + key + " is no longer admitted",
            route,
            null);
      }
    });
  }

  private static Map<String, JsonNode> byKey(JsonNode routes) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    if (routes != null) {
      // a route entry with fields beyond harness, model and a boolean sandbox keys on all of them,
      // so any change shows; the sandbox flag is compared on its own
      routes.forEach(r -> out.put(key(r), r));
    }
    return out;
  }

  private static String key(JsonNode route) {
    int fields = route.path("sandbox").isBoolean() ? 3 : 2;
    if (route.isObject() && route.size() == fields && route.has("harness") && route.has("model")) {
      return Changes.text(route, "harness") + " + " + Changes.text(route, "model");
    }
    return route.toString();
  }
}
