package io.kxm.session.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.UsageReports;
import io.kxm.session.adapter.codex.CodexJsonProtocol;
import io.kxm.session.adapter.pi.PiJsonProtocol;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import io.kxm.session.harness.TurnProtocol;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Generated stdout of the Codex and Pi CLIs through their protocols: random bytes, recorded lines
 * cut short, recorded lines with a value swapped for one of the wrong type or size. A protocol
 * never throws, neither reading nor finishing; whatever it outputs keeps the session's limits, and
 * a usage report is always one the run's spend can count.
 */
class HostileAdapterLinesTest {
  private static final List<String> CODEX =
      recorded(
          "codex/",
          "text.jsonl",
          "shell.jsonl",
          "refused.jsonl",
          "retried.jsonl",
          "retried-then-answered.jsonl",
          "blank.jsonl",
          "mcp-tool.jsonl",
          "mcp-tool-error.jsonl");
  private static final List<String> PI =
      recorded("pi/", "text.jsonl", "read.jsonl", "refused.jsonl", "retried.jsonl", "blank.jsonl");
  private static final List<String> SWAPS =
      List.of(
          "-1",
          "1e400",
          "99999999999999999999999",
          "1.5",
          "null",
          "true",
          "[]",
          "{}",
          "\"\"",
          "\"x\"",
          "[[[[[[[[[[]]]]]]]]]]",
          "{\"type\":\"text\",\"text\":7}");

  @Property(tries = Hostile.TRIES)
  void codex_lines_give_outputs_within_limits(@ForAll("codexLines") List<String> lines) {
    play(CodexJsonProtocol::new, lines);
  }

  @Property(tries = Hostile.TRIES)
  void pi_lines_give_outputs_within_limits(@ForAll("piLines") List<String> lines) {
    play(PiJsonProtocol::new, lines);
  }

  @Provide
  Arbitrary<List<String>> codexLines() {
    return line(CODEX).list().ofMinSize(1).ofMaxSize(8);
  }

  @Provide
  Arbitrary<List<String>> piLines() {
    return line(PI).list().ofMinSize(1).ofMaxSize(8);
  }

  private static Arbitrary<String> line(List<String> recorded) {
    Arbitrary<String> seed = Arbitraries.of(recorded);
    Arbitrary<String> cut =
        Combinators.combine(seed, Arbitraries.integers().between(0, 4000))
            .as((l, at) -> l.substring(0, Math.min(l.length(), at)));
    Arbitrary<String> swapped =
        Combinators.combine(seed, Arbitraries.integers().between(0, 400), Arbitraries.of(SWAPS))
            .as(HostileAdapterLinesTest::swapValue);
    Arbitrary<String> noise =
        Arbitraries.bytes()
            .array(byte[].class)
            .ofMaxSize(200)
            .map(b -> new String(b, StandardCharsets.ISO_8859_1));
    return Arbitraries.frequencyOf(
        Tuple.of(3, seed), Tuple.of(3, swapped), Tuple.of(2, cut), Tuple.of(1, noise));
  }

  // Replaces the n-th value after a colon (a number, string, literal or bracket) with `swap`.
  private static String swapValue(String line, int n, String swap) {
    List<Integer> colons = new ArrayList<>();
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == ':') {
        colons.add(i);
      }
    }
    if (colons.isEmpty()) {
      return line;
    }
    int start = colons.get(n % colons.size()) + 1;
    int end = start;
    if (end < line.length() && line.charAt(end) == '"') {
      end++;
      while (end < line.length() && line.charAt(end) != '"') {
        end += line.charAt(end) == '\\' ? 2 : 1;
      }
      end = Math.min(line.length(), end + 1);
    } else {
      while (end < line.length() && ",}]".indexOf(line.charAt(end)) < 0) {
        end++;
      }
    }
    return line.substring(0, start) + swap + line.substring(end);
  }

  private static void play(Supplier<TurnProtocol> protocols, List<String> lines) {
    TurnProtocol protocol = protocols.get();
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      List<HarnessLine> answer = new ArrayList<>();
      assertThatCode(() -> answer.addAll(protocol.read(line.getBytes(StandardCharsets.UTF_8))))
          .as("%s", Hostile.abbreviate(line, 300))
          .doesNotThrowAnyException();
      answer.forEach(out -> check(line, out));
    }
    List<HarnessLine> end = new ArrayList<>();
    assertThatCode(() -> end.addAll(protocol.finish())).doesNotThrowAnyException();
    end.forEach(out -> check("(end of stdout)", out));
  }

  private static void check(String line, HarnessLine answer) {
    assertThatCode(() -> Json.writeBytes(answer)).doesNotThrowAnyException();
    switch (answer) {
      case HarnessLine.ReportedError error ->
          assertThat(error.message()).hasSizeLessThanOrEqualTo(HarnessLines.MAX_EXCERPT_CHARS);
      case HarnessLine.Output out -> {
        switch (out.output()) {
          case HarnessOutput.ProtocolError error -> {
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
            assertThat(call.call().path("id").isString()).as(line).isTrue();
            assertThat(call.call().path("name").isString()).as(line).isTrue();
            assertThat(call.call().path("input").isObject()).as(line).isTrue();
          }
          case HarnessOutput.ToolResult result -> {
            assertThat(result.result().path("id").isString()).as(line).isTrue();
            assertThat(result.result().path("output").isString()).as(line).isTrue();
            assertThat(result.result().path("isError").isBoolean()).as(line).isTrue();
          }
          case HarnessOutput.Usage usage ->
              assertThatCode(() -> UsageReports.harnessLine(usage.usage()))
                  .as(line)
                  .doesNotThrowAnyException();
          case HarnessOutput.InteractionRequest request ->
              throw new AssertionError("the CLIs ask nothing of a person: " + line);
        }
      }
    }
  }

  private static List<String> recorded(String folder, String... names) {
    List<String> lines = new ArrayList<>();
    for (String name : names) {
      try (InputStream in = HostileAdapterLinesTest.class.getResourceAsStream(folder + name)) {
        new String(in.readAllBytes(), StandardCharsets.UTF_8)
            .lines()
            .filter(l -> !l.isBlank())
            .forEach(lines::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return lines;
  }
}
