package io.kxm.session.interaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated answer bodies and requested schemas: wrong kinds, wrong types, stray and missing
 * fields, hostile text and schemas MCP does not allow. Reading one either gives an answer whose
 * body reads back as itself, or refuses with one of the documented codes, never anything else.
 */
class HostileAnswersTest {
  private static final Set<ErrorCode> ANSWER_REFUSALS =
      Set.of(
          ErrorCode.UNKNOWN_FIELD,
          ErrorCode.INVALID_TYPE,
          ErrorCode.INVALID_REQUEST,
          ErrorCode.VALUE_TOO_LONG,
          ErrorCode.INTERACTION_ANSWER_INVALID,
          ErrorCode.ELICITATION_CONTENT_INVALID);
  private static final JsonNode FORM =
      Json.read(
          """
          {"schema": {"type": "object",
                      "properties": {"email": {"type": "string", "format": "email"},
                                     "copies": {"type": "integer", "minimum": 1, "maximum": 5},
                                     "size": {"type": "string", "enum": ["s", "m", "l"]},
                                     "urgent": {"type": "boolean"}},
                      "required": ["email"]}}
          """);

  @Property(tries = Hostile.TRIES / 2)
  void an_answer_is_read_to_its_own_body_or_refused_with_a_documented_code(
      @ForAll("kinds") String kind, @ForAll("bodies") String text) {
    JsonNode body = Json.read(text);
    InteractionAnswer answer;
    try {
      answer = AnswerReader.read(kind, FORM, body);
    } catch (KxmException refused) {
      assertThat(refused.code()).as("%s %s", kind, text).isIn(ANSWER_REFUSALS);
      Hostile.assertNoStackTrace(text, refused.getMessage());
      return;
    }
    assertThat(AnswerReader.read(kind, FORM, answer.body())).as(text).isEqualTo(answer);
    switch (answer) {
      case InteractionAnswer.Approval a -> assertThat(kind).isEqualTo("approval");
      case InteractionAnswer.Clarification c -> assertThat(kind).isEqualTo("clarification");
      case InteractionAnswer.Elicitation e -> {
        assertThat(kind).isEqualTo("elicitation");
        assertThat(e.content() != null).isEqualTo(e.action() == InteractionAnswer.Action.ACCEPT);
      }
    }
  }

  @Property(tries = Hostile.TRIES / 2)
  void a_requested_schema_is_allowed_and_then_usable_or_refused_as_elicitation_schema_invalid(
      @ForAll("schemas") String text) {
    JsonNode schema = Json.read(text);
    try {
      ElicitationSchema.check(schema);
    } catch (KxmException refused) {
      assertThat(refused.code()).as(text).isEqualTo(ErrorCode.ELICITATION_SCHEMA_INVALID);
      Hostile.assertNoStackTrace(text, refused.getMessage());
      return;
    }
    ObjectNode content = Json.object().put("a", "x@y.org").put("b", 3);
    try {
      ElicitationSchema.checkContent(schema, content);
    } catch (KxmException refused) {
      assertThat(refused.code()).as(text).isEqualTo(ErrorCode.ELICITATION_CONTENT_INVALID);
    }
  }

  @Provide
  Arbitrary<String> kinds() {
    return Arbitraries.of("approval", "clarification", "elicitation");
  }

  @Provide
  Arbitrary<String> bodies() {
    Arbitrary<String> names =
        Arbitraries.oneOf(
            Arbitraries.of("approved", "answer", "by", "action", "content"),
            Arbitraries.strings().ofMaxLength(12));
    return Arbitraries.maps(names, values()).ofMaxSize(5).map(HostileAnswersTest::object);
  }

  @Provide
  Arbitrary<String> schemas() {
    Arbitrary<String> type =
        Arbitraries.of("string", "number", "integer", "boolean", "object", "array", "null", "")
            .map(Json::write);
    Arbitrary<String> keyword =
        Arbitraries.of(
            "title",
            "description",
            "minLength",
            "maxLength",
            "format",
            "enum",
            "enumNames",
            "default",
            "minimum",
            "maximum",
            "pattern",
            "$ref",
            "items",
            "properties");
    Arbitrary<String> property =
        Arbitraries.maps(keyword, values())
            .ofMaxSize(3)
            .flatMap(extra -> type.map(t -> withType(t, extra)));
    Arbitrary<String> properties =
        Arbitraries.maps(Arbitraries.of("a", "b", "c d", ""), property)
            .ofMaxSize(3)
            .map(HostileAnswersTest::object);
    Arbitrary<String> top =
        Arbitraries.maps(
                Arbitraries.of("type", "properties", "required", "title", "$schema", "oneOf"),
                Arbitraries.oneOf(
                    properties,
                    values(),
                    Arbitraries.just("\"object\""),
                    Arbitraries.just("[\"a\"]")))
            .ofMaxSize(4)
            .map(HostileAnswersTest::object);
    return Arbitraries.oneOf(top, values());
  }

  private static Arbitrary<String> values() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "true",
            "false",
            "null",
            "0",
            "-1",
            "1e400",
            "9",
            "2.5",
            "[]",
            "{}",
            "\"accept\"",
            "\"decline\"",
            "\"cancel\"",
            "\"email\"",
            "\"date-time\"",
            "{\"email\":\"a@b.org\"}",
            "{\"email\":\"nope\",\"copies\":9}",
            "{\"email\":\"a@b.org\",\"size\":\"xl\",\"urgent\":\"yes\"}",
            "{\"email\":{\"nested\":[1,2]}}",
            "[\"s\",\"m\"]"),
        Arbitraries.strings().ofMaxLength(40).map(Json::write),
        Arbitraries.just(Json.write("x".repeat(70_000))));
  }

  private static String withType(String type, Map<String, String> extra) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("type", type);
    fields.putAll(extra);
    return object(fields);
  }

  private static String object(Map<String, String> fields) {
    return Hostile.object(fields);
  }
}
