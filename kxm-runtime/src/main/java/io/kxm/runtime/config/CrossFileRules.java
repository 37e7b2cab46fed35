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
 * The rules a schema cannot state because they span files: IDs are unique, references name agents,
 * gates and roles that exist, and every agent resolves to an admitted route. Only files that passed
 * their schema get here, so the shapes below are known.
 */
final class CrossFileRules {
  private final List<ConfigError> errors = new ArrayList<>();
  private final Map<String, String> agentFiles = new HashMap<>();
  private final Set<String> gates = new HashSet<>();
  private final Set<String> roles = new HashSet<>();
  private final Set<String> routes = new HashSet<>();
  private boolean routesDeclared;
  private String defaultHarness;

  private CrossFileRules() {}

  static List<ConfigError> check(List<ConfigFile> files) {
    CrossFileRules rules = new CrossFileRules();
    rules.collect(files);
    for (ConfigFile f : files) {
      switch (f.kind()) {
        case AGENT -> rules.agent(f);
        case WORKFLOW ->
            WorkflowRules.check(f, rules.agentFiles.keySet(), rules.gates, rules.errors);
        case GATES -> GateRules.check(f, rules.errors);
        case ROUTES -> RouteRules.check(f, rules.errors);
        case PROJECT, MODEL, PRICES, ROLE, CONFIG, PROVIDERS -> {}
      }
    }
    return rules.errors;
  }

  private void collect(List<ConfigFile> files) {
    Map<ConfigKind, Map<String, String>> seen = new HashMap<>();
    for (ConfigFile f : files) {
      JsonNode root = f.document().root();
      switch (f.kind()) {
        case PROJECT -> defaultHarness = root.path("defaultHarness").asString(null);
        case GATES -> root.path("gates").propertyNames().forEach(gates::add);
        case ROUTES -> {
          routesDeclared = true;
          root.path("routes").forEach(r -> routes.add(route(r)));
        }
        case AGENT, MODEL, ROLE, WORKFLOW -> unique(f, seen);
        case PRICES, CONFIG, PROVIDERS -> {}
      }
      if (f.kind() == ConfigKind.AGENT) {
        agentFiles.putIfAbsent(root.path("id").asString(), f.file());
      } else if (f.kind() == ConfigKind.ROLE) {
        roles.add(root.path("id").asString());
      }
    }
  }

  private void unique(ConfigFile f, Map<ConfigKind, Map<String, String>> seen) {
    String id = f.document().root().path("id").asString();
    String earlier = seen.computeIfAbsent(f.kind(), k -> new HashMap<>()).putIfAbsent(id, f.file());
    if (earlier != null) {
      error(
          f,
          "$.id",
          "unique-id",
          f.kind().schemaName() + " '" + id + "' is already defined in " + earlier);
    }
  }

  private void agent(ConfigFile f) {
    JsonNode root = f.document().root();
    String harness = root.path("harness").asString(defaultHarness);
    if (root.has("hubAgent")) {
      // answered through the hub by another agent: no harness or route of this project runs
      roleExists(f, root);
      return;
    }
    if (harness == null) {
      error(
          f,
          "$",
          "harness-resolvable",
          "agent names no harness and project.yaml sets no defaultHarness");
    } else if (vendorBreach(harness, root.path("model").asString()).isPresent()) {
      error(
          f, "$.model", "route-vendor", vendorBreach(harness, root.path("model").asString()).get());
    } else if (routesDeclared && !routes.contains(harness + " " + root.path("model").asString())) {
      error(
          f,
          "$.model",
          "route-admitted",
          "route "
              + harness
              + " + "
              + root.path("model").asString()
              + " is not admitted by .kxm/routes.yaml");
    }
    roleExists(f, root);
  }

  private void roleExists(ConfigFile f, JsonNode root) {
    if (root.has("role") && !roles.isEmpty() && !roles.contains(root.path("role").asString())) {
      error(
          f,
          "$.role",
          "role-exists",
          "role '" + root.path("role").asString() + "' is not defined under .kxm/roles/");
    }
  }

  // holds with or without routes.yaml; a harness no route can name is left to routes.yaml
  private static Optional<String> vendorBreach(String harness, String model) {
    return RouteHarness.named(harness).flatMap(h -> VendorRule.breach(new Route(h, model)));
  }

  private static String route(JsonNode r) {
    return r.path("harness").asString() + " " + r.path("model").asString();
  }

  private void error(ConfigFile f, String path, String rule, String message) {
    errors.add(new ConfigError(f.file(), f.document().lineOf(path), path, rule, message));
  }
}
