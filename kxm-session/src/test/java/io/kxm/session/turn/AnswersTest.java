package io.kxm.session.turn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import org.junit.jupiter.api.Test;

class AnswersTest {

  @Test
  void an_approval_needs_approved_and_keeps_only_the_known_fields() {
    assertThat(Answers.check("approval", Json.read("{\"approved\":false,\"by\":\"ana\"}")))
        .isEqualTo(Json.read("{\"approved\":false,\"by\":\"ana\"}"));
    assertRefused("approval", "{\"by\":\"ana\"}", "approved");
    assertRefused("approval", "{\"approved\":\"yes\"}", "approved");
  }

  @Test
  void a_clarification_or_elicitation_needs_an_answer_of_bounded_size() {
    assertThat(Answers.check("clarification", Json.read("{\"answer\":\"main\"}")))
        .isEqualTo(Json.read("{\"answer\":\"main\"}"));
    assertRefused("clarification", "{\"approved\":true}", "answer");
    assertRefused("elicitation", "{\"answer\":42}", "answer");
    String large = "x".repeat(64 * 1024 + 1);
    assertRefused("elicitation", "{\"answer\":\"" + large + "\"}", "answer");
  }

  @Test
  void anything_but_an_object_with_the_three_fields_is_refused() {
    assertRefused("approval", "[true]", "object");
    assertRefused("approval", "{\"approved\":true,\"by\":\"" + "b".repeat(201) + "\"}", "by");
    assertRefused("approval", "{\"approved\":true,\"tool\":\"rm\"}", "tool");
    assertThatThrownBy(() -> Answers.check("approval", null))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.INVALID_REQUEST);
  }

  private static void assertRefused(String kind, String json, String named) {
    assertThatThrownBy(() -> Answers.check(kind, Json.read(json)))
        .hasMessageContaining(named)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.INVALID_REQUEST);
  }
}
