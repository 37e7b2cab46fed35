package io.kxm.session.interaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AnswerReaderTest {
  private static final JsonNode NO_FORM = Json.object();

  @Test
  void an_approval_needs_approved_and_keeps_its_reason_and_who_answered() {
    InteractionAnswer denied =
        read("approval", "{\"approved\":false,\"answer\":\"not now\",\"by\":\"ana\"}");

    assertThat(denied).isEqualTo(new InteractionAnswer.Approval(false, "not now", "ana"));
    assertThat(denied.body())
        .isEqualTo(Json.read("{\"approved\":false,\"answer\":\"not now\",\"by\":\"ana\"}"));
    assertRefused("approval", "{\"by\":\"ana\"}", ErrorCode.INTERACTION_ANSWER_INVALID, "approved");
    assertRefused("approval", "{\"approved\":\"yes\"}", ErrorCode.INVALID_TYPE, "approved");
    assertRefused(
        "approval", "{\"approved\":true,\"tool\":\"rm\"}", ErrorCode.UNKNOWN_FIELD, "tool");
  }

  @Test
  void a_clarification_is_text_of_bounded_length_and_takes_no_approved_flag() {
    assertThat(read("clarification", "{\"answer\":\"main\"}").body())
        .isEqualTo(Json.read("{\"answer\":\"main\"}"));
    assertRefused(
        "clarification",
        "{\"approved\":true,\"answer\":\"main\"}",
        ErrorCode.UNKNOWN_FIELD,
        "approved");
    assertRefused("clarification", "{}", ErrorCode.INTERACTION_ANSWER_INVALID, "answer");
    assertRefused("clarification", "{\"answer\":42}", ErrorCode.INVALID_TYPE, "answer");
    String large = "x".repeat(AnswerReader.MAX_TEXT_CHARS + 1);
    assertRefused(
        "clarification", "{\"answer\":\"" + large + "\"}", ErrorCode.VALUE_TOO_LONG, "answer");
  }

  @Test
  void an_elicitation_takes_one_of_three_actions_and_content_only_on_accept() {
    assertThat(read("elicitation", "{\"action\":\"cancel\"}"))
        .isEqualTo(new InteractionAnswer.Elicitation(InteractionAnswer.Action.CANCEL, null, null));
    assertThat(read("elicitation", "{\"action\":\"accept\",\"content\":{}}").body())
        .isEqualTo(Json.read("{\"action\":\"accept\",\"content\":{}}"));
    assertRefused(
        "elicitation", "{\"action\":\"maybe\"}", ErrorCode.INTERACTION_ANSWER_INVALID, "action");
    assertRefused("elicitation", "{\"answer\":\"x\"}", ErrorCode.UNKNOWN_FIELD, "answer");
    assertRefused(
        "elicitation",
        "{\"action\":\"decline\",\"content\":{}}",
        ErrorCode.INTERACTION_ANSWER_INVALID,
        "content");
    assertRefused(
        "elicitation",
        "{\"action\":\"accept\",\"content\":[1]}",
        ErrorCode.INVALID_TYPE,
        "content");
    // a question that asked for no fields takes none
    assertRefused(
        "elicitation",
        "{\"action\":\"accept\",\"content\":{\"x\":1}}",
        ErrorCode.ELICITATION_CONTENT_INVALID,
        "content.x");
  }

  @Test
  void who_answered_is_a_short_name_and_anything_but_an_object_is_refused() {
    assertRefused(
        "approval",
        "{\"approved\":true,\"by\":\"" + "b".repeat(AnswerReader.MAX_BY_CHARS + 1) + "\"}",
        ErrorCode.VALUE_TOO_LONG,
        "by");
    assertRefused(
        "approval", "{\"approved\":true,\"by\":\"a\\nb\"}", ErrorCode.INVALID_REQUEST, "by");
    assertRefused("approval", "[true]", ErrorCode.INVALID_TYPE, "object");
  }

  private static InteractionAnswer read(String kind, String body) {
    return AnswerReader.read(kind, NO_FORM, Json.read(body));
  }

  private static void assertRefused(String kind, String body, ErrorCode code, String named) {
    assertThatThrownBy(() -> read(kind, body))
        .hasMessageContaining(named)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(code);
  }
}
