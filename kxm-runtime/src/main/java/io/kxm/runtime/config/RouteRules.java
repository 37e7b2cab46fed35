package io.kxm.runtime.config;

import io.kxm.runtime.route.Route;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.runtime.route.VendorRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The rules of {@code routes.yaml} a schema cannot state: every route keeps the {@link VendorRule},
 * no route is listed twice, and the default route is one of the listed ones. Any route may ask for
 * the sandbox; its harness then reaches its model provider (and the hub) and nothing else.
 */
final class RouteRules {
  private RouteRules() {}

  static void check(ConfigFile f, List<ConfigError> errors) {
    List<Route> listed = new ArrayList<>();
    Map<Route, Integer> firstAt = new HashMap<>();
    JsonNode routes = f.document().root().path("routes");
    for (int i = 0; i < routes.size(); i++) {
      String path = YamlDocument.index("$.routes", i);
      Route route = route(routes.get(i));
      vendor(f, path, route, errors);
      Integer earlier = firstAt.putIfAbsent(route, i);
      if (earlier != null) {
        error(
            f,
            path,
            "route-unique",
            route + " is already listed at $.routes[" + earlier + "]",
            errors);
      }
      listed.add(route);
    }
    JsonNode fallback = f.document().root().path("default");
    if (fallback.isObject()) {
      Route route = route(fallback);
      vendor(f, "$.default", route, errors);
      if (!listed.contains(route)) {
        error(
            f,
            "$.default",
            "route-default-admitted",
            "the default route " + route + " is not listed under routes",
            errors);
      }
    }
  }

  /** The typed table of a {@code routes.yaml} that passed its schema and these rules. */
  static List<Route> routes(JsonNode root) {
    List<Route> out = new ArrayList<>();
    root.path("routes").forEach(r -> out.add(route(r)));
    return out;
  }

  /** The routes listed, or named as the default, with {@code sandbox: true}. */
  static Set<Route> sandboxed(JsonNode root) {
    Set<Route> out = new HashSet<>();
    root.path("routes")
        .forEach(r -> {
          if (r.path("sandbox").asBoolean(false)) {
            out.add(route(r));
          }
        });
    JsonNode fallback = root.path("default");
    if (fallback.isObject() && fallback.path("sandbox").asBoolean(false)) {
      out.add(route(fallback));
    }
    return out;
  }

  static Optional<Route> defaultRoute(JsonNode root) {
    JsonNode fallback = root.path("default");
    return fallback.isObject() ? Optional.of(route(fallback)) : Optional.empty();
  }

  // the schema admitted the harness name and the model shape, so both convert
  private static Route route(JsonNode r) {
    return new Route(
        RouteHarness.named(r.path("harness").asString()).orElseThrow(), r.path("model").asString());
  }

  private static void vendor(ConfigFile f, String path, Route route, List<ConfigError> errors) {
    VendorRule.breach(route)
        .ifPresent(reason -> error(f, path + ".model", "route-vendor", reason, errors));
  }

  private static void error(
      ConfigFile f, String path, String rule, String message, List<ConfigError> errors) {
    errors.add(new ConfigError(f.file(), f.document().lineOf(path), path, rule, message));
  }
}
