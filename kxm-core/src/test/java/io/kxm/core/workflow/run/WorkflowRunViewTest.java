package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class WorkflowRunViewTest {

  @Test
  void the_view_shows_every_stage_with_instructions_attempts_and_typed_transitions() {
    RunDriver d =
        new RunDriver(
            workflow(stage("build").attempts(4), stage("review").on("failed", "build", 2)));
    d.pass();
    d.fail();

    JsonNode view = Json.MAPPER.valueToTree(WorkflowRunView.of(d.definition, d.run));

    assertThat(view.path("status").asString()).isEqualTo("running");
    assertThat(view.path("currentStage").asString()).isEqualTo("build");
    assertThat(view.path("currentAttempt").asInt()).isEqualTo(2);
    JsonNode review = view.path("stages").get(1);
    assertThat(review.path("instructions").asString()).isEqualTo("Do review");
    assertThat(review.path("requiredEvidence").get(0).asString()).isEqualTo("tests");
    assertThat(review.path("on").path("failed").path("to").asString()).isEqualTo("build");
    assertThat(review.path("on").path("failed").path("taken").asInt()).isEqualTo(1);
    assertThat(review.path("checkpoints").get(0).path("status").asString()).isEqualTo("failed");
  }

  @Test
  void an_unknown_run_is_refused_as_not_found() {
    assertThat(WorkflowRunGuards.notFound("wfr_x").code()).isEqualTo(ErrorCode.WORKFLOW_NOT_FOUND);
    assertThat(WorkflowRunGuards.notFound("wfr_x").message()).contains("wfr_x");
  }
}
