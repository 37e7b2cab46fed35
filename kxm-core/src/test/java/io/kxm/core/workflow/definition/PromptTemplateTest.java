package io.kxm.core.workflow.definition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PromptTemplateTest {
  private static final JsonNode PAYLOAD =
      Json.read(
          "{\"repo\":\"kxm\",\"pr\":{\"number\":42,\"labels\":[\"ci\",\"docs\"]},\"none\":null}");

  private static PromptTemplate.RenderedPrompt render(String template) {
    return PromptTemplate.render(
        template, new PromptTemplate.Context("wfr_1", "release", "demo", PAYLOAD));
  }

  @Test
  void placeholders_take_payload_fields_run_workflow_and_project() {
    var rendered =
        render(
            "{{payload.repo}}#{{ payload.pr.number }} {{payload.pr.labels.1}} {{run.id}} {{workflow.id}} {{project}}");

    assertThat(rendered.text()).isEqualTo("kxm#42 docs wfr_1 release demo");
    assertThat(rendered.missingFields()).isEmpty();
  }

  @Test
  void a_missing_field_renders_empty_and_is_reported() {
    var rendered = render("[{{payload.branch}}][{{payload.none}}][{{payload.pr.labels.9}}]");

    assertThat(rendered.text()).isEqualTo("[][][]");
    assertThat(rendered.missingFields()).containsExactly("payload.branch", "payload.pr.labels.9");
  }

  @Test
  void objects_render_as_compact_json_and_replacement_text_is_literal() {
    assertThat(render("{{payload.pr.labels}}").text()).isEqualTo("[\"ci\",\"docs\"]");
    var dollar =
        PromptTemplate.render(
            "{{payload.x}}",
            new PromptTemplate.Context("r", "w", "p", Json.read("{\"x\":\"$1 \\\\ done\"}")));
    assertThat(dollar.text()).isEqualTo("$1 \\ done");
  }

  @Test
  void unknown_placeholders_are_found_for_the_loader() {
    assertThat(
            PromptTemplate.unknownPlaceholders("{{payload.a}} {{env.HOME}} {{payload}} {{run.id}}"))
        .containsExactly("env.HOME", "payload");
  }

  @Test
  void a_prompt_longer_than_a_message_is_refused() {
    var big = Json.object().put("x", "y".repeat(32_001));

    assertThatThrownBy(() ->
            PromptTemplate.render("{{payload.x}}", new PromptTemplate.Context("r", "w", "p", big)))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG));
  }
}
