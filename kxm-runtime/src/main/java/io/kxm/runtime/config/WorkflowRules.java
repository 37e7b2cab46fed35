package io.kxm.runtime.config;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A workflow's own rules beyond its schema: step IDs unique, agents and gates exist, and every
 * resource a step uses is declared under {@code resources}.
 */
final class WorkflowRules {
  private WorkflowRules() {}

  static void check(ConfigFile f, Set<String> agents, Set<String> gates, List<ConfigError> errors) {
    JsonNode root = f.document().root();
    agentRef(f, "$.coordinator", root.path("coordinator"), agents, errors);
    Set<String> resources = new HashSet<>();
    root.path("resources").propertyNames().forEach(resources::add);
    Map<String, Integer> stepIds = new HashMap<>();
    JsonNode steps = root.path("steps");
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      String at = "$.steps[" + i + "]";
      Integer earlier = stepIds.putIfAbsent(step.path("id").asString(), i);
      if (earlier != null) {
        add(
            f,
            at + ".id",
            "unique-step-id",
            "step id '" + step.path("id").asString() + "' is already used by step " + earlier,
            errors);
      }
      agentRef(f, at + ".agent", step.path("agent"), agents, errors);
      agentRef(f, at + ".aggregator", step.path("aggregator"), agents, errors);
      each(f, at + ".agents", step.path("agents"), agents, errors);
      each(
          f,
          at + ".assignments.allowedAgents",
          step.path("assignments").path("allowedAgents"),
          agents,
          errors);
      JsonNode uses = step.path("uses");
      for (int u = 0; u < uses.size(); u++) {
        if (uses.get(u).isString() && !resources.contains(uses.get(u).asString())) {
          add(
              f,
              at + ".uses[" + u + "]",
              "resource-exists",
              "resource '"
                  + uses.get(u).asString()
                  + "' is not declared under this workflow's resources",
              errors);
        }
      }
      if (step.has("gate") && !gates.contains(step.path("gate").asString())) {
        add(
            f,
            at + ".gate",
            "gate-exists",
            "gate '" + step.path("gate").asString() + "' is not defined in .kxm/gates.yaml",
            errors);
      }
    }
  }

  private static void each(
      ConfigFile f, String path, JsonNode list, Set<String> agents, List<ConfigError> errors) {
    for (int i = 0; i < list.size(); i++) {
      agentRef(f, path + "[" + i + "]", list.get(i), agents, errors);
    }
  }

  private static void agentRef(
      ConfigFile f, String path, JsonNode ref, Set<String> agents, List<ConfigError> errors) {
    if (ref.isString() && !agents.contains(ref.asString())) {
      add(
          f,
          path,
          "agent-exists",
          "agent '" + ref.asString() + "' is not defined under .kxm/agents/",
          errors);
    }
  }

  private static void add(
      ConfigFile f, String path, String rule, String message, List<ConfigError> errors) {
    errors.add(new ConfigError(f.file(), f.document().lineOf(path), path, rule, message));
  }
}
