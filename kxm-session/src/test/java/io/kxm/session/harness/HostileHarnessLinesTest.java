package io.kxm.session.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.testkit.hostile.Hostile;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated harness stdout lines through the parser: random bytes, truncated and deeply nested
 * JSON, huge numbers, wrong types and documented lines with a field broken. The parser never
 * throws; every answer is an output that keeps the protocol's limits, or a protocol error whose
 * line can be stored as is; a documented line is never refused.
 */
class HostileHarnessLinesTest {

  /**
   * One generated line; {@code valid} is true or false when known, null when a mutation may go
   * either way.
   */
  record Line(String label, byte[] bytes, Boolean valid) {
    @Override
    public String toString() {
      return label + ": " + Hostile.abbreviate(new String(bytes, StandardCharsets.UTF_8), 300);
    }
  }

  @Property(tries = Hostile.TRIES)
  void every_line_gets_an_output_or_a_storable_protocol_error(@ForAll("lines") Line line) {
    HarnessLine parsed = HarnessLines.parse(line.bytes());

    assertThat(parsed).as("%s", line).isNotNull();
    assertThatCode(() -> Json.writeBytes(parsed))
        .as("storable: %s", line)
        .doesNotThrowAnyException();
    switch (parsed) {
      case HarnessLine.ReportedError error -> {
        assertThat(error.message().length()).isLessThanOrEqualTo(HarnessLines.MAX_EXCERPT_CHARS);
        if (line.valid() != null) {
          assertThat(line.valid()).as("%s", line).isTrue();
        }
      }
      case HarnessLine.Output output -> check(line, output.output());
    }
  }

  private static void check(Line line, HarnessOutput output) {
    assertThat(output).as("%s", line).isNotNull();
    switch (output) {
      case HarnessOutput.ProtocolError error -> {
        assertThat(line.valid()).as("refused %s: %s", line, error.reason()).isNotEqualTo(true);
        assertThat(error.reason()).isNotBlank().hasSizeLessThanOrEqualTo(200);
        assertThat(error.line())
            .isNotNull()
            .hasSizeLessThanOrEqualTo(HarnessLines.MAX_EXCERPT_CHARS);
        Hostile.assertNoStackTrace("protocol error", error.reason());
      }
      case HarnessOutput.Delta delta ->
          assertThat(delta.text().length()).isLessThanOrEqualTo(HarnessLines.MAX_DELTA_CHARS);
      case HarnessOutput.Final message ->
          assertThat(message.text().length()).isLessThanOrEqualTo(HarnessLines.MAX_TEXT_CHARS);
      case HarnessOutput.ToolCall call -> {
        assertThat(call.call().path("id").asString()).isNotBlank();
        assertThat(call.call().path("name").asString()).isNotBlank();
        assertThat(call.call().path("input").isObject()).isTrue();
      }
      case HarnessOutput.ToolResult result -> {
        assertThat(result.result().path("id").asString()).isNotBlank();
        assertThat(result.result().path("isError").isBoolean()).isTrue();
      }
      case HarnessOutput.Usage usage -> {
        assertThat(usage.usage().path("inputTokens").asLong(-1)).isNotNegative();
        assertThat(usage.usage().path("outputTokens").asLong(-1)).isNotNegative();
      }
      case HarnessOutput.InteractionRequest request -> {
        assertThat(request.kind()).isIn("approval", "clarification", "elicitation");
        assertThat(request.request().isObject()).isTrue();
      }
    }
    if (line.valid() != null && !(output instanceof HarnessOutput.ProtocolError)) {
      assertThat(line.valid()).as("accepted %s as %s", line, output).isTrue();
    }
  }

  @Provide
  Arbitrary<Line> lines() {
    return Arbitraries.frequencyOf(
        Tuple.of(2, randomBytes()),
        Tuple.of(2, randomText()),
        Tuple.of(3, documented().map(json -> line("documented", json, true))),
        Tuple.of(2, truncated()),
        Tuple.of(1, nested()),
        Tuple.of(1, hugeNumbers()),
        Tuple.of(3, mutated()));
  }

  private static Arbitrary<Line> randomBytes() {
    return Arbitraries.bytes()
        .array(byte[].class)
        .ofMaxSize(400)
        .map(bytes -> new Line("bytes", bytes, null));
  }

  private static Arbitrary<Line> randomText() {
    return Arbitraries.strings()
        .all()
        .ofMaxLength(200)
        .map(text -> new Line("text", text.getBytes(StandardCharsets.UTF_8), null));
  }

  private static Arbitrary<Line> truncated() {
    return Combinators.combine(documented(), Arbitraries.doubles().between(0, 0.99))
        .as((json, at) -> {
          String text = Json.write(json);
          return line("truncated", text.substring(0, (int) (text.length() * at)), false);
        });
  }

  private static Arbitrary<Line> nested() {
    return Combinators.combine(
            Arbitraries.integers().between(1, 3000), Arbitraries.of("[", "{\"a\":"))
        .as((depth, open) -> {
          String close = open.equals("[") ? "]" : "}";
          String text =
              "{\"type\":\"tool_call\",\"id\":\"c\",\"name\":\"n\",\"input\":{\"x\":"
                  + open.repeat(depth)
                  + "1"
                  + close.repeat(depth)
                  + "}}";
          return line("nested " + depth, text, depth <= HarnessLines.MAX_DEPTH - 3 ? true : null);
        });
  }

  private static Arbitrary<Line> hugeNumbers() {
    Arbitrary<String> numbers =
        Arbitraries.oneOf(
            Arbitraries.integers().between(1, 400).map("9"::repeat),
            Arbitraries.integers().between(1, 400).map(n -> "-" + "1".repeat(n)),
            Arbitraries.of(
                "1e999999999",
                "-1e-999999",
                "1.5",
                "0.0",
                "-0",
                "9223372036854775807",
                "9223372036854775808",
                "18446744073709551616",
                "1E2",
                "00",
                "NaN",
                "Infinity"));
    return Combinators.combine(numbers, Arbitraries.of("inputTokens", "outputTokens"))
        .as((number, field) -> {
          String other = field.equals("inputTokens") ? "outputTokens" : "inputTokens";
          String text = "{\"type\":\"usage\",\"" + field + "\":" + number + ",\"" + other + "\":1}";
          return line("number " + field, text, null);
        });
  }

  private static Arbitrary<Line> mutated() {
    return Combinators.combine(documented(), Arbitraries.integers().between(0, 50), oddValues())
        .as((json, pick, odd) -> {
          List<String> fields = new ArrayList<>(json.propertyNames());
          String field = fields.get(pick % fields.size());
          ObjectNode copy = json.deepCopy();
          switch (pick % 3) {
            case 0 -> copy.remove(field);
            case 1 -> copy.set(field, odd);
            default -> copy.set("extra" + pick, odd);
          }
          return line("mutated " + field, Json.write(copy), null);
        });
  }

  private static Arbitrary<JsonNode> oddValues() {
    return Arbitraries.of(ODD_VALUES);
  }

  // parsed once: the generator picks them thousands of times
  private static final List<JsonNode> ODD_VALUES =
      List.of(
              "null",
              "true",
              "0",
              "-1",
              "1.25",
              "\"\"",
              "\" \"",
              "\"x\"",
              "[]",
              "[1,\"a\"]",
              "{}",
              "{\"k\":[{}]}",
              "123456789012345678901234567890",
              "\"\\ud800\"",
              "{\"k\":\"\\udfff\"}",
              "\"\\ud83d\\ude00\"",
              "\"" + "w".repeat(70_000) + "\"")
          .stream()
          .map(Json::read)
          .toList();

  /** Documented lines with generated values. */
  private static Arbitrary<ObjectNode> documented() {
    Arbitrary<String> text = texts(0, 80);
    Arbitrary<String> name = Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(20);
    Arbitrary<Long> count = Arbitraries.longs().between(0, Long.MAX_VALUE);
    return Arbitraries.oneOf(
        text.map(t -> node("delta").put("text", t)),
        text.map(t -> node("message").put("text", t)),
        Combinators.combine(name, name, text)
            .as((id, n, t) ->
                withObject(node("tool_call").put("id", id).put("name", n), "input", t)),
        Combinators.combine(name, text, Arbitraries.of(true, false))
            .as((id, t, e) -> node("tool_result").put("id", id).put("output", t).put("isError", e)),
        Combinators.combine(count, count)
            .as((in, out) -> node("usage").put("inputTokens", in).put("outputTokens", out)),
        Combinators.combine(name, text)
            .as((tool, t) ->
                withObject(node("approval").put("tool", tool).put("reason", t), "input", t)),
        text.map(t -> node("clarification").put("question", t)),
        text.map(t -> withObject(node("elicitation").put("message", t), "schema", t)),
        text.map(t -> node("error").put("message", t)));
  }

  private static Arbitrary<String> texts(int min, int max) {
    // Lone surrogates cannot be written as UTF-8, so generated text stays outside their range.
    return Arbitraries.strings()
        .withCharRange('\u0000', '\uD7FF')
        .withCharRange('\uE000', '\uFFFD')
        .ofMinLength(min)
        .ofMaxLength(max);
  }

  private static ObjectNode node(String type) {
    ObjectNode node = Json.object();
    node.put("type", type);
    return node;
  }

  private static ObjectNode withObject(ObjectNode node, String field, String value) {
    node.putObject(field).put("v", value);
    return node;
  }

  private static Line line(String label, ObjectNode json, boolean valid) {
    return line(label, Json.write(json), valid);
  }

  private static Line line(String label, String text, Boolean valid) {
    return new Line(label, text.getBytes(StandardCharsets.UTF_8), valid);
  }
}
