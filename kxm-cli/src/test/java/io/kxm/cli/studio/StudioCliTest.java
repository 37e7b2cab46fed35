package io.kxm.cli.studio;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm studio layout} run in-process over a project written to a temporary folder. */
class StudioCliTest {
  @TempDir Path dir;

  private static final String WORKFLOW =
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
          agents: [coder, helper]
          aggregator: coder
          prompt: Critique the plan.
        - id: sign-off
          type: approval
      """;

  private CliRun.Result kxm(String... args) {
    return CliRun.run(TestEnv.of(dir), dir, args);
  }

  private void project(String workflow) throws IOException {
    write(".kxm/project.yaml", "name: demo\ndefaultHarness: claude-code\n");
    write(
        ".kxm/agents/coder.yaml",
        "id: coder\nmodel: anthropic/claude-sonnet-4-5\npurpose: Writes code.\n");
    write(
        ".kxm/agents/helper.yaml",
        "id: helper\nmodel: anthropic/claude-sonnet-4-5\npurpose: Helps.\n");
    write(".kxm/workflows/review.yaml", workflow);
  }

  private void write(String relative, String text) throws IOException {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  @Test
  void json_layout_of_a_runtime_workflow_has_all_three_views() throws IOException {
    project(WORKFLOW);

    CliRun.Result r = kxm("studio", "layout", "review", "--json");

    assertThat(r.exit()).as(r.err()).isZero();
    JsonNode json = Json.read(r.out());
    assertThat(json.path("workflow").asString()).isEqualTo("review");
    assertThat(json.path("source").asString()).isEqualTo("runtime");
    assertThat(json.path("dag").path("nodes")).hasSize(5);
    assertThat(json.path("dag").path("nodes").get(3).path("layer").asInt()).isEqualTo(2);
    assertThat(json.path("stepper")).hasSize(3);
    assertThat(json.path("swimlane").path("lanes").get(0).path("label").asString())
        .isEqualTo("coder (claude-code)");
  }

  @Test
  void one_view_in_json_and_text() throws IOException {
    project(WORKFLOW);

    JsonNode dag = Json.read(kxm("studio", "layout", "review", "--view", "dag", "--json").out());
    CliRun.Result text = kxm("studio", "layout", "review");

    assertThat(dag.propertyNames()).containsExactly("workflow", "source", "dag");
    assertThat(text.exit()).isZero();
    assertThat(text.out())
        .contains("workflow review (runtime)")
        .contains(" 1. plan      agent     agent coder")
        .contains("  3. sign-off  approval  approval by the operator")
        .contains("coder (claude-code): plan -> critique:coder -> critique")
        .contains("operator (approvals and waits): sign-off")
        .contains("layer 1: [critique:coder]  [critique:helper]")
        .contains("plan -> critique:helper (next)");
  }

  @Test
  void a_hub_definition_is_read_from_the_workflows_dir() throws IOException {
    write(
        "defs/release.json",
        """
        {"id": "release", "project": "demo", "coordinator": "lead",
         "promptTemplate": "Go.", "secretEnv": "KXM_RELEASE_SECRET",
         "stages": [{"id": "build", "instructions": "Build.", "maxAttempts": 1},
                    {"id": "ship", "instructions": "Ship.", "maxAttempts": 1}]}
        """);
    var env = new java.util.HashMap<>(TestEnv.of(dir));
    env.put("KXM_WORKFLOWS_DIR", dir.resolve("defs").toString());

    CliRun.Result r = CliRun.run(env, dir, "studio", "layout", "release", "--view", "stepper");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("workflow release (hub)").contains("2. ship");
  }

  @Test
  void an_unknown_workflow_exits_1_with_the_code_and_the_known_ids() throws IOException {
    project(WORKFLOW);

    CliRun.Result r = kxm("studio", "layout", "nope");

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .contains("error: studio_workflow_not_found: ")
        .contains("known: review")
        .contains("kxm studio layout --help");
  }

  @Test
  void a_hostile_tree_is_refused_with_the_config_error_and_no_layout() throws IOException {
    project(WORKFLOW.replace("type: approval", "type: approval\n    prompt: &x !!binary boom"));

    CliRun.Result r = kxm("studio", "layout", "review", "--json");

    assertThat(r.exit()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("error: config_tree_invalid: ").contains("review.yaml");
  }

  @Test
  void a_bad_view_is_a_usage_error() throws IOException {
    project(WORKFLOW);

    CliRun.Result r = kxm("studio", "layout", "review", "--view", "gantt");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--view must be one of dag, stepper, swimlane");
  }
}
