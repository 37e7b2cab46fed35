package io.kxm.runtime.trust;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code workflows/*.yaml}, steps matched by id. Work given to agents and gates run widen; a human
 * check (approval, wait) added narrows and removed widens; a removed gate step widens because a
 * check no longer runs; prompts are words.
 */
final class WorkflowTrust {
  private static final Set<String> KNOWN =
      Set.of("apiVersion", "id", "description", "coordinator", "steps");
  private static final Set<String> STEP_FIELDS =
      Set.of(
          "id",
          "type",
          "agent",
          "agents",
          "aggregator",
          "gate",
          "prompt",
          "timeoutMs",
          "assignments");

  private WorkflowTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null) {
      c.widening(
          "$",
          "workflow-added",
          "new workflow " + Changes.text(after, "id") + " can run",
          null,
          after);
      return;
    }
    if (after == null) {
      c.narrowing(
          "$",
          "workflow-removed",
          "workflow " + Changes.text(before, "id") + " can no longer run",
          before,
          null);
      return;
    }
    c.widenIfChanged(
        before,
        after,
        "apiVersion",
        "$.apiVersion",
        "workflow-version-changed",
        "the workflow is read by other rules");
    c.widenIfChanged(
        before,
        after,
        "id",
        "$.id",
        "workflow-id-changed",
        "the file now defines another workflow");
    c.widenIfChanged(
        before,
        after,
        "coordinator",
        "$.coordinator",
        "coordinator-changed",
        "another agent coordinates the workflow");
    c.neutralIfChanged(
        before,
        after,
        "description",
        "$.description",
        "description-changed",
        "a description changed");
    steps(c, Changes.value(before, "steps"), Changes.value(after, "steps"));
    c.unknownFields(before, after, "$", KNOWN);
  }

  private static void steps(Changes c, JsonNode before, JsonNode after) {
    if (!c.lists(before, after, "$.steps")) {
      return;
    }
    Map<String, JsonNode> from = byId(before);
    Map<String, JsonNode> to = byId(after);
    to.forEach((id, step) -> {
      if (!from.containsKey(id)) {
        added(c, "$.steps[" + id + "]", step);
      }
    });
    from.forEach((id, step) -> {
      if (!to.containsKey(id)) {
        removed(c, "$.steps[" + id + "]", step);
      } else {
        step(c, "$.steps[" + id + "]", step, to.get(id));
      }
    });
    List<String> orderBefore = new ArrayList<>(from.keySet());
    List<String> orderAfter = new ArrayList<>(to.keySet());
    orderBefore.retainAll(to.keySet());
    orderAfter.retainAll(from.keySet());
    if (!orderBefore.equals(orderAfter)) {
      c.widening(
          "$.steps",
          "steps-reordered",
          "steps run in another order, so a check may now run before the work it checks",
          c.asJson(orderBefore),
          c.asJson(orderAfter));
    }
  }

  private static void added(Changes c, String path, JsonNode step) {
    String type = Changes.text(step, "type");
    if ("approval".equals(type) || "wait".equals(type)) {
      c.narrowing(
          path, "human-step-added", "a " + type + " step now waits for a person", null, step);
    } else {
      c.widening(path, "step-added", "a new " + type + " step " + does(step), null, step);
    }
  }

  private static void removed(Changes c, String path, JsonNode step) {
    String type = Changes.text(step, "type");
    switch (type == null ? "" : type) {
      case "approval", "wait" ->
          c.widening(
              path,
              "human-step-removed",
              "a " + type + " step no longer waits for a person",
              step,
              null);
      case "gate" ->
          c.widening(
              path,
              "check-removed",
              "gate " + Changes.text(step, "gate") + " no longer checks this workflow",
              step,
              null);
      case "agent", "moa" ->
          c.narrowing(
              path, "step-removed", "a " + type + " step no longer gives agents work", step, null);
      default -> c.widening(path, "step-removed", "a step of unknown type was removed", step, null);
    }
  }

  private static void step(Changes c, String path, JsonNode before, JsonNode after) {
    c.widenIfChanged(
        before, after, "type", path + ".type", "step-type-changed", "the step does something else");
    c.widenIfChanged(
        before,
        after,
        "agent",
        path + ".agent",
        "step-agent-changed",
        "another agent gets the work");
    c.grants(before, after, "agents", path + ".agents", "step-agents", "the step's agents");
    c.widenIfChanged(
        before,
        after,
        "aggregator",
        path + ".aggregator",
        "step-agent-changed",
        "another agent aggregates");
    c.widenIfChanged(
        before, after, "gate", path + ".gate", "step-gate-changed", "the step runs another gate");
    c.neutralIfChanged(
        before,
        after,
        "prompt",
        path + ".prompt",
        "prompt-changed",
        "the step's instructions changed");
    c.limit(before, after, "timeoutMs", path + ".timeoutMs", "step timeout (ms)", -1);
    allowedAgents(
        c, path, Changes.value(before, "assignments"), Changes.value(after, "assignments"));
    c.unknownFields(before, after, path, STEP_FIELDS);
  }

  private static void allowedAgents(Changes c, String path, JsonNode before, JsonNode after) {
    JsonNode b = Changes.value(before, "allowedAgents");
    JsonNode a = Changes.value(after, "allowedAgents");
    String at = path + ".assignments.allowedAgents";
    if (Changes.differ(b, a) && b != null && !b.isEmpty() && (a == null || a.isEmpty())) {
      c.widening(
          at, "step-agents-unrestricted", "any agent the runtime picks may now answer", b, a);
    } else if (Changes.differ(b, a) && (b == null || b.isEmpty())) {
      c.narrowing(at, "step-agents-restricted", "only the listed agents may now answer", b, a);
    } else {
      c.grants(
          before, after, "allowedAgents", at, "step-allowed-agents", "the step's allowed agents");
    }
    c.unknownFields(before, after, path + ".assignments", Set.of("allowedAgents"));
  }

  private static String does(JsonNode step) {
    return switch (String.valueOf(Changes.text(step, "type"))) {
      case "gate" -> "runs gate " + Changes.text(step, "gate");
      case "agent" -> "gives agent " + Changes.text(step, "agent") + " work";
      case "moa" -> "gives agents " + Changes.text(step, "agents") + " work";
      default -> "does work";
    };
  }

  private static Map<String, JsonNode> byId(JsonNode steps) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    if (steps != null && steps.isArray()) {
      int i = 0;
      for (JsonNode s : steps) {
        String id = Changes.text(s, "id");
        out.put(id == null ? "#" + i : id, s);
        i++;
      }
    }
    return out;
  }
}
