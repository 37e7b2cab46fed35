package io.kxm.runtime.studio;

import io.kxm.runtime.api.ProjectBundle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lays out a runtime workflow. Its steps run in order, so each step follows the one before; a
 * mixture-of-agents step fans out to one proposer node per agent, which all lead to the step itself
 * (the aggregator). Lanes are the agents, with their harness and role, plus the operator (approval
 * and wait steps) and the gates.
 */
final class RuntimeWorkflowLayout {
  static final String OPERATOR_LANE = "operator";
  static final String GATES_LANE = "gates";

  private RuntimeWorkflowLayout() {}

  static StudioLayout of(ProjectBundle bundle, ProjectBundle.Workflow workflow) {
    StudioGraph graph = new StudioGraph();
    List<StudioLayout.Step> stepper = new ArrayList<>();
    Map<String, List<String>> lanes = new LinkedHashMap<>();
    List<String> previous = List.of();
    for (ProjectBundle.Step step : workflow.steps()) {
      List<String> entries = new ArrayList<>();
      if ("moa".equals(step.type())) {
        for (String agent : step.agents()) {
          String proposer = step.id() + ":" + agent;
          graph.node(proposer, agent, "proposer");
          lanes.computeIfAbsent(agent, k -> new ArrayList<>()).add(proposer);
          entries.add(proposer);
        }
      }
      graph.node(step.id(), step.id(), step.type());
      String lane = lane(step);
      lanes.computeIfAbsent(lane, k -> new ArrayList<>()).add(step.id());
      stepper.add(new StudioLayout.Step(step.id(), step.id(), step.type(), lane, detail(step)));
      for (String from : previous) {
        for (String to : entries.isEmpty() ? List.of(step.id()) : entries) {
          graph.edge(from, to, "next");
        }
      }
      for (String proposer : entries) {
        graph.edge(proposer, step.id(), "next");
      }
      previous = List.of(step.id());
    }
    List<StudioLayout.Lane> swimlanes = new ArrayList<>();
    lanes.forEach(
        (id, steps) -> swimlanes.add(new StudioLayout.Lane(id, label(bundle, id), steps)));
    return new StudioLayout(
        workflow.id(),
        StudioLayout.RUNTIME,
        graph.build(),
        stepper,
        new StudioLayout.Swimlane(swimlanes));
  }

  private static String lane(ProjectBundle.Step step) {
    return switch (step.type()) {
      case "agent" -> step.agent();
      case "moa" -> step.aggregator();
      case "gate" -> GATES_LANE;
      default -> OPERATOR_LANE;
    };
  }

  private static String detail(ProjectBundle.Step step) {
    return switch (step.type()) {
      case "agent" -> "agent " + step.agent() + (step.writes() ? " (writes)" : "");
      case "moa" ->
          "agents " + String.join(", ", step.agents()) + " -> aggregator " + step.aggregator();
      case "gate" -> "gate " + step.gate();
      case "approval" -> "approval by the operator";
      case "wait" -> "wait for the operator";
      default -> step.type();
    };
  }

  private static String label(ProjectBundle bundle, String lane) {
    if (OPERATOR_LANE.equals(lane)) {
      return "operator (approvals and waits)";
    }
    if (GATES_LANE.equals(lane)) {
      return "gates";
    }
    ProjectBundle.Agent agent = bundle.agents().get(lane);
    if (agent == null) {
      return lane;
    }
    List<String> parts = new ArrayList<>();
    if (agent.harness() != null) {
      parts.add(agent.harness());
    }
    if (agent.role() != null) {
      parts.add("role " + agent.role());
    }
    return parts.isEmpty() ? lane : lane + " (" + String.join(", ", parts) + ")";
  }
}
