package io.kxm.runtime.studio;

import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.TransitionEdge;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a hub webhook workflow: a node per stage, an edge for where each checkpoint status
 * routes (a {@code passed} checkpoint goes to the next stage unless {@code on.passed} says
 * otherwise; the other statuses retry the stage unless routed). The coordinator drives every stage,
 * so there is one lane.
 */
final class HubWorkflowLayout {
  // checkpoint statuses in the order edges are listed
  private static final List<String> STATUSES = List.of("passed", "warning", "failed");

  private HubWorkflowLayout() {}

  static StudioLayout of(WorkflowDefinition definition) {
    StudioGraph graph = new StudioGraph();
    List<StudioLayout.Step> stepper = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    String lane = definition.coordinator();
    for (StageDefinition stage : definition.stages()) {
      graph.node(stage.id(), stage.id(), "stage");
      ids.add(stage.id());
      stepper.add(new StudioLayout.Step(stage.id(), stage.id(), "stage", lane, detail(stage)));
    }
    List<StageDefinition> stages = definition.stages();
    for (int i = 0; i < stages.size(); i++) {
      StageDefinition stage = stages.get(i);
      for (String status : STATUSES) {
        TransitionEdge edge = stage.on().get(status);
        if (edge != null) {
          graph.edge(stage.id(), edge.to(), status);
        } else if ("passed".equals(status) && i + 1 < stages.size()) {
          graph.edge(stage.id(), stages.get(i + 1).id(), status);
        }
      }
    }
    return new StudioLayout(
        definition.id(),
        StudioLayout.HUB,
        graph.build(),
        stepper,
        new StudioLayout.Swimlane(
            List.of(new StudioLayout.Lane(lane, lane + " (coordinator)", ids))));
  }

  private static String detail(StageDefinition stage) {
    String evidence =
        stage.requiredEvidence().isEmpty()
            ? "no required evidence"
            : "evidence " + String.join(", ", stage.requiredEvidence());
    return evidence + "; up to " + stage.maxAttempts() + " attempt(s)";
  }
}
