package io.kxm.runtime.studio;

import java.util.List;
import java.util.Objects;

/**
 * One workflow drawn three ways, the same shape for a runtime workflow ({@code
 * .kxm/workflows/*.yaml}) and a hub webhook workflow ({@code .kxm/webhooks/*.json}); the wire form
 * is documented in docs/studio.md.
 *
 * @param workflow the workflow ID
 * @param source {@code runtime} or {@code hub}
 * @param dag nodes with layer and column, so a client draws it without a layout library
 * @param stepper the steps (stages) in the order they are declared
 * @param swimlane the steps grouped by who does them
 */
public record StudioLayout(
    String workflow, String source, Dag dag, List<Step> stepper, Swimlane swimlane) {
  public static final String RUNTIME = "runtime";
  public static final String HUB = "hub";

  public StudioLayout {
    Objects.requireNonNull(workflow, "workflow");
    if (!RUNTIME.equals(source) && !HUB.equals(source)) {
      throw new IllegalArgumentException("source must be runtime or hub: " + source);
    }
    Objects.requireNonNull(dag, "dag");
    stepper = List.copyOf(stepper);
    Objects.requireNonNull(swimlane, "swimlane");
  }

  /** The graph: edges follow the workflow's order and its declared routes. */
  public record Dag(List<Node> nodes, List<Edge> edges) {
    public Dag {
      nodes = List.copyOf(nodes);
      edges = List.copyOf(edges);
    }
  }

  /**
   * A node: a step, a stage, or one proposer of a mixture-of-agents step.
   *
   * @param layer how many forward edges lie on the longest path from a start node to this one
   * @param column its place among the nodes of its layer, from 0, in declared order
   */
  public record Node(String id, String label, String kind, int layer, int column) {
    public Node {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(kind, "kind");
    }
  }

  /**
   * An edge.
   *
   * @param label what takes it: {@code next} for a runtime workflow's order, the checkpoint
   *     statuses ({@code passed}, {@code warning}, {@code failed}, joined by {@code |}) for a hub
   *     stage's routes
   */
  public record Edge(String from, String to, String label) {
    public Edge {
      Objects.requireNonNull(from, "from");
      Objects.requireNonNull(to, "to");
      Objects.requireNonNull(label, "label");
    }
  }

  /**
   * A step of the stepper.
   *
   * @param lane the swimlane it is in
   * @param detail who or what does it, in words ({@code agent coder}, {@code gate tests})
   */
  public record Step(String id, String label, String kind, String lane, String detail) {
    public Step {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(lane, "lane");
      Objects.requireNonNull(detail, "detail");
    }
  }

  /** The lanes, in the order their first step comes. */
  public record Swimlane(List<Lane> lanes) {
    public Swimlane {
      lanes = List.copyOf(lanes);
    }
  }

  /** A lane: an agent (with its harness and role), the operator, or the gates. */
  public record Lane(String id, String label, List<String> steps) {
    public Lane {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(label, "label");
      steps = List.copyOf(steps);
    }
  }
}
