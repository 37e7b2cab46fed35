package io.kxm.session.adapter.claude;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.InputStream;
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
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated Claude Code stdout lines through the stream-json reader: random bytes and text, lines
 * recorded from the real CLI cut short, and the same lines with a field removed, replaced by an odd
 * value, or buried deep. The reader never throws, and whatever it gives keeps the protocol's limits
 * and can be stored.
 */
class HostileClaudeStreamTest {
  private static final List<ObjectNode> RECORDED = recorded();

  private static final List<String> ODD =
      List.of(
          "null",
          "true",
          "-1",
          "1.5",
          "99999999999999999999999999",
          "\"\"",
          "\"text\"",
          "[]",
          "[1,\"a\",{}]",
          "{}",
          "{\"type\":\"text\",\"text\":7}",
          "[{\"type\":\"tool_use\"}]",
          "[{\"type\":\"tool_result\",\"tool_use_id\":1,\"content\":[{\"type\":\"text\"}]}]",
          "{\"m\":{\"inputTokens\":-3,\"outputTokens\":\"9\"}}");

  @Property(tries = Hostile.TRIES)
  void every_line_gives_outputs_within_the_limits_or_protocol_errors(@ForAll("lines") String line) {
    ClaudeStreamProtocol protocol = new ClaudeStreamProtocol();
    List<HarnessLine> read = new ArrayList<>();

    assertThatCode(() -> read.addAll(protocol.read(line.getBytes(StandardCharsets.UTF_8))))
        .as(Hostile.abbreviate(line, 300))
        .doesNotThrowAnyException();

    for (HarnessLine each : read) {
      assertThatCode(() -> Json.writeBytes(each)).doesNotThrowAnyException();
      switch (each) {
        case HarnessLine.ReportedError error ->
            assertThat(error.message())
                .hasSizeLessThanOrEqualTo(ClaudeStreamProtocol.MAX_ERROR_CHARS);
        case HarnessLine.Output output -> check(output.output());
      }
    }
  }

  private static void check(HarnessOutput output) {
    switch (output) {
      case HarnessOutput.ProtocolError error -> {
        assertThat(error.reason()).isNotBlank();
        assertThat(error.line()).hasSizeLessThanOrEqualTo(HarnessLines.MAX_EXCERPT_CHARS);
        Hostile.assertNoStackTrace("protocol error", error.reason());
      }
      case HarnessOutput.Delta delta ->
          assertThat(delta.text())
              .isNotEmpty()
              .hasSizeLessThanOrEqualTo(HarnessLines.MAX_DELTA_CHARS);
      case HarnessOutput.Final message ->
          assertThat(message.text())
              .isNotBlank()
              .hasSizeLessThanOrEqualTo(HarnessLines.MAX_TEXT_CHARS);
      case HarnessOutput.ToolCall call -> {
        assertThat(call.call().path("id").isString()).isTrue();
        assertThat(call.call().path("name").isString()).isTrue();
        assertThat(call.call().path("input").isObject()).isTrue();
      }
      case HarnessOutput.ToolResult result -> {
        assertThat(result.result().path("id").isString()).isTrue();
        assertThat(result.result().path("output").isString()).isTrue();
        assertThat(result.result().path("isError").isBoolean()).isTrue();
      }
      case HarnessOutput.Usage usage -> {
        for (String field : List.of("inputTokens", "outputTokens", "cacheReadTokens")) {
          assertThat(usage.usage().path(field).asLong(-1)).isNotNegative();
        }
      }
      case HarnessOutput.InteractionRequest request ->
          throw new AssertionError("Claude Code never asks through the adapter: " + request);
    }
  }

  @Provide
  Arbitrary<String> lines() {
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.strings().all().ofMaxLength(200)),
        Tuple.of(
            1,
            Arbitraries.bytes()
                .array(byte[].class)
                .ofMaxSize(300)
                .map(b -> new String(b, StandardCharsets.UTF_8))),
        Tuple.of(1, Arbitraries.of(RECORDED).map(Json::write)),
        Tuple.of(2, truncated()),
        Tuple.of(5, mutated()),
        Tuple.of(1, nested()));
  }

  private static Arbitrary<String> truncated() {
    return Combinators.combine(Arbitraries.of(RECORDED), Arbitraries.doubles().between(0, 0.99))
        .as((json, at) -> {
          String text = Json.write(json);
          return text.substring(0, (int) (text.length() * at));
        });
  }

  /** A recorded line with one field, at the top or in its message, removed or replaced. */
  private static Arbitrary<String> mutated() {
    return Combinators.combine(
            Arbitraries.of(RECORDED), Arbitraries.integers().between(0, 1000), Arbitraries.of(ODD))
        .as((json, pick, odd) -> {
          ObjectNode copy = json.deepCopy();
          ObjectNode target =
              pick % 2 == 0 && copy.path("message").isObject()
                  ? (ObjectNode) copy.get("message")
                  : copy;
          List<String> fields = new ArrayList<>(target.propertyNames());
          String field = fields.get(pick % fields.size());
          if (pick % 3 == 0) {
            target.remove(field);
          } else {
            target.set(field, Json.read(odd));
          }
          return Json.write(copy);
        });
  }

  private static Arbitrary<String> nested() {
    return Arbitraries.integers()
        .between(1, 3000)
        .map(depth ->
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\","
                + "\"id\":\"t\",\"name\":\"n\",\"input\":{\"x\":"
                + "[".repeat(depth)
                + "]".repeat(depth)
                + "}}]}}");
  }

  private static List<ObjectNode> recorded() {
    List<ObjectNode> lines = new ArrayList<>();
    for (String file :
        List.of(
            "tool-loop.jsonl",
            "provider-500.jsonl",
            "blank-answer.jsonl",
            "stream-error-recovered.jsonl")) {
      try (InputStream in = HostileClaudeStreamTest.class.getResourceAsStream(file)) {
        new String(in.readAllBytes(), StandardCharsets.UTF_8)
            .lines()
            .filter(l -> !l.isBlank())
            .map(l -> (ObjectNode) Json.read(l))
            .forEach(lines::add);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return List.copyOf(lines);
  }
}
