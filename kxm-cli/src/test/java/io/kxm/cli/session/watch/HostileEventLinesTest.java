package io.kxm.cli.session.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generated event envelopes through the printer: every documented type and unknown ones, with data
 * of any shape (wrong types, nulls, arrays, long and multi-line strings). The printer never throws,
 * and every event other than a delta or the final message prints exactly one bounded line.
 */
class HostileEventLinesTest {
  private static final List<String> TYPES =
      List.of(
          "session.created",
          "run.queued",
          "run.started",
          "message.delta",
          "message.completed",
          "tool.call",
          "tool.result",
          "usage",
          "run.approval.required",
          "run.clarification.required",
          "run.elicitation.required",
          "interaction.resolved",
          "harness.protocol_error",
          "run.completed",
          "run.failed",
          "run.cancelled",
          "run.interrupted");
  private static final List<String> FIELDS =
      List.of(
          "text",
          "id",
          "name",
          "input",
          "output",
          "isError",
          "interactionId",
          "kind",
          "request",
          "answer",
          "approved",
          "by",
          "continuationRunId",
          "tool",
          "question",
          "message",
          "reason",
          "line",
          "outcome",
          "error",
          "exitCode",
          "resumedFrom",
          "workspaceRoot",
          "status");

  @Property(tries = Hostile.TRIES)
  void every_event_prints_without_failing_and_within_one_bounded_line(
      @ForAll("types") String type, @ForAll("data") JsonNode data) {
    ObjectNode envelope = Json.object().put("seq", 7).put("runId", "srun_1").put("type", type);
    envelope.set("data", data);
    StringWriter printed = new StringWriter();

    new EventLines(new PrintWriter(printed, true)).print(envelope);

    if (!type.equals("message.delta") && !type.equals("message.completed")) {
      assertThat(printed.toString().lines().toList())
          .as("%s %s", type, Hostile.abbreviate(Json.write(data), 300))
          .singleElement()
          .satisfies(
              line -> assertThat(line.length()).isLessThanOrEqualTo(EventLines.MAX_LINE + 1));
    }
  }

  @Provide
  Arbitrary<String> types() {
    return Arbitraries.oneOf(
        Arbitraries.of(TYPES), Arbitraries.strings().ofMaxLength(40), Arbitraries.just(""));
  }

  @Provide
  Arbitrary<JsonNode> data() {
    Arbitrary<JsonNode> value = values(3);
    return Arbitraries.oneOf(objects(value), value, Arbitraries.just(Json.MAPPER.nullNode()));
  }

  private static Arbitrary<JsonNode> objects(Arbitrary<JsonNode> value) {
    return Arbitraries.maps(
            Arbitraries.oneOf(Arbitraries.of(FIELDS), Arbitraries.strings().ofMaxLength(12)), value)
        .ofMaxSize(8)
        .map(fields -> {
          ObjectNode node = Json.object();
          fields.forEach(node::set);
          return node;
        });
  }

  private static Arbitrary<JsonNode> values(int depth) {
    Arbitrary<JsonNode> leaf =
        Arbitraries.frequencyOf(
            Tuple.of(5, Arbitraries.strings().ofMaxLength(50).map(HostileEventLinesTest::string)),
            Tuple.of(
                1,
                Arbitraries.strings()
                    .withChars("ab \n\r\t\u2028é")
                    .ofMinLength(300)
                    .ofMaxLength(2_500)
                    .map(HostileEventLinesTest::string)),
            Tuple.of(2, Arbitraries.longs().map(n -> (JsonNode) nodes().numberNode(n))),
            Tuple.of(1, Arbitraries.doubles().map(n -> (JsonNode) nodes().numberNode(n))),
            Tuple.of(1, Arbitraries.of(true, false).map(b -> (JsonNode) nodes().booleanNode(b))),
            Tuple.of(1, Arbitraries.just(Json.MAPPER.nullNode())));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<JsonNode> inner = Arbitraries.lazy(() -> values(depth - 1));
    return Arbitraries.frequencyOf(
        Tuple.of(6, leaf),
        Tuple.of(1, objects(inner)),
        Tuple.of(
            1,
            inner
                .list()
                .ofMaxSize(5)
                .map(items -> {
                  var array = Json.MAPPER.createArrayNode();
                  items.forEach(array::add);
                  return (JsonNode) array;
                })));
  }

  private static JsonNode string(String text) {
    return nodes().stringNode(text);
  }

  private static JsonNodeFactory nodes() {
    return Json.MAPPER.getNodeFactory();
  }
}
