package io.kxm.runtime.studio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Layouts of runtime workflows and hub webhook definitions read from a project on disk. */
class StudioLayoutTest {
  @TempDir Path dir;

  static final String BRANCHING =
      """
      apiVersion: kxm.workflow.v1
      id: review
      coordinator: coder
      steps:
        - id: plan
          type: agent
          agent: coder
          prompt: Plan it.
        - id: critique
          type: moa
          agents: [coder, reviewer]
          aggregator: reviewer
          prompt: Critique the plan.
        - id: sign-off
          type: approval
        - id: check
          type: gate
          gate: tests
      """;

  static final String HUB =
      """
      {"id": "release-check", "project": "demo", "coordinator": "lead",
       "promptTemplate": "Check {{payload.number}}.", "secretEnv": "KXM_RELEASE_SECRET",
       "stages": [
         {"id": "implement", "instructions": "Make it.", "requiredEvidence": ["tests"],
          "maxAttempts": 3},
         {"id": "review", "instructions": "Review it.", "maxAttempts": 2,
          "on": {"failed": {"to": "implement"}}},
         {"id": "merge", "instructions": "Merge it.", "maxAttempts": 1}
       ]}
      """;

  static void writeProject(Path root, String workflow) throws IOException {
    write(root.resolve(".kxm/project.yaml"), "name: demo\ndefaultHarness: claude-code\n");
    write(
        root.resolve(".kxm/agents/coder.yaml"),
        "id: coder\nharness: claude-code\nmodel: anthropic/claude-sonnet-4-5\n"
            + "purpose: Writes code.\n");
    write(
        root.resolve(".kxm/agents/reviewer.yaml"),
        "id: reviewer\nharness: codex\nmodel: openai/gpt-5\npurpose: Reviews code.\n");
    write(
        root.resolve(".kxm/gates.yaml"),
        "gates:\n  tests:\n    argv: [\"git\", \"diff\", \"--check\"]\n");
    write(root.resolve(".kxm/workflows/review.yaml"), workflow);
  }

  static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  private StudioWorkflows workflows() {
    return new StudioWorkflows(dir, dir.resolve(".kxm/webhooks"));
  }

  @Test
  void a_branching_runtime_workflow_gets_layers_columns_and_edges() throws IOException {
    writeProject(dir, BRANCHING);

    StudioLayout layout = workflows().layout("review");

    assertThat(layout.source()).isEqualTo("runtime");
    assertThat(
            layout.dag().nodes().stream()
                .map(n -> n.id() + "@" + n.layer() + "," + n.column() + ":" + n.kind()))
        .containsExactly(
            "plan@0,0:agent",
            "critique:coder@1,0:proposer",
            "critique:reviewer@1,1:proposer",
            "critique@2,0:moa",
            "sign-off@3,0:approval",
            "check@4,0:gate");
    assertThat(layout.dag().edges().stream().map(e -> e.from() + ">" + e.to()))
        .containsExactly(
            "plan>critique:coder",
            "plan>critique:reviewer",
            "critique:coder>critique",
            "critique:reviewer>critique",
            "critique>sign-off",
            "sign-off>check");
    assertThat(layout.stepper().stream().map(StudioLayout.Step::id))
        .containsExactly("plan", "critique", "sign-off", "check");
    Map<String, List<String>> lanes =
        layout.swimlane().lanes().stream()
            .collect(Collectors.toMap(StudioLayout.Lane::id, StudioLayout.Lane::steps));
    assertThat(layout.swimlane().lanes().stream().map(StudioLayout.Lane::id))
        .containsExactly("coder", "reviewer", "operator", "gates");
    assertThat(lanes.get("coder")).containsExactly("plan", "critique:coder");
    assertThat(lanes.get("reviewer")).containsExactly("critique:reviewer", "critique");
    assertThat(lanes.get("operator")).containsExactly("sign-off");
    assertThat(layout.swimlane().lanes().get(1).label()).isEqualTo("reviewer (codex)");
  }

  @Test
  void a_hub_webhook_definition_gets_its_routes_as_edges_and_back_edges_keep_layers()
      throws IOException {
    write(dir.resolve(".kxm/webhooks/release.json"), HUB);

    StudioLayout layout = workflows().layout("release-check");

    assertThat(layout.source()).isEqualTo("hub");
    assertThat(layout.dag().nodes().stream().map(n -> n.id() + "@" + n.layer()))
        .containsExactly("implement@0", "review@1", "merge@2");
    assertThat(layout.dag().edges().stream().map(e -> e.from() + ">" + e.to() + ":" + e.label()))
        .containsExactly(
            "implement>review:passed", "review>merge:passed", "review>implement:failed");
    assertThat(layout.swimlane().lanes())
        .singleElement()
        .satisfies(lane -> {
          assertThat(lane.id()).isEqualTo("lead");
          assertThat(lane.steps()).containsExactly("implement", "review", "merge");
        });
    assertThat(layout.stepper().getFirst().detail()).contains("evidence tests");
  }

  @Test
  void the_json_has_the_documented_shape() throws IOException {
    writeProject(dir, BRANCHING);

    JsonNode json = Json.read(Json.write(workflows().layout("review")));

    assertThat(json.propertyNames())
        .containsExactly("workflow", "source", "dag", "stepper", "swimlane");
    assertThat(json.path("dag").path("nodes").get(0).propertyNames())
        .containsExactly("id", "label", "kind", "layer", "column");
    assertThat(json.path("dag").path("edges").get(0).propertyNames())
        .containsExactly("from", "to", "label");
    assertThat(json.path("swimlane").path("lanes").get(0).propertyNames())
        .containsExactly("id", "label", "steps");
  }

  @Test
  void an_unknown_workflow_is_refused_naming_the_known_ones() throws IOException {
    writeProject(dir, BRANCHING);
    write(dir.resolve(".kxm/webhooks/release.json"), HUB);

    assertThatThrownBy(() -> workflows().layout("nope"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.STUDIO_WORKFLOW_NOT_FOUND))
        .hasMessageContaining("known: release-check, review");
    assertThat(workflows().known()).containsExactly("review", "release-check");
  }

  @Test
  void an_invalid_runtime_tree_is_refused_with_its_config_error() throws IOException {
    writeProject(dir, BRANCHING.replace("type: gate", "type: gate\n    bad: &a 1"));

    assertThatThrownBy(() -> workflows().layout("review"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID));
  }
}
