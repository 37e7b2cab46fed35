package io.kxm.session.adapter.claude;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.TurnOutcomes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The stream-json reader on lines recorded from the real {@code claude} CLI. */
class ClaudeStreamProtocolTest {

  @Test
  void a_tool_loop_gives_text_a_call_its_result_the_final_message_and_the_turn_usage() {
    List<HarnessLine> lines = read("tool-loop.jsonl");

    List<HarnessOutput> outputs = outputs(lines);
    assertThat(outputs)
        .extracting(o -> o.getClass().getSimpleName())
        .containsExactly("Delta", "ToolCall", "ToolResult", "Delta", "Usage", "Final");
    HarnessOutput.ToolCall call = (HarnessOutput.ToolCall) outputs.get(1);
    assertThat(call.call().path("name").asString()).isEqualTo("Read");
    assertThat(call.call().path("input").path("file_path").asString())
        .isEqualTo("/tmp/claude-probe/notes.txt");
    HarnessOutput.ToolResult result = (HarnessOutput.ToolResult) outputs.get(2);
    assertThat(result.result().path("id").asString()).isEqualTo(call.call().path("id").asString());
    assertThat(result.result().path("output").asString()).contains("hello from notes");
    assertThat(result.result().path("isError").asBoolean()).isFalse();
    HarnessOutput.Usage usage = (HarnessOutput.Usage) outputs.get(4);
    assertThat(usage.usage().path("inputTokens").asLong()).isEqualTo(70);
    assertThat(usage.usage().path("outputTokens").asLong()).isEqualTo(21);
    assertThat(((HarnessOutput.Final) outputs.get(5)).text()).isEqualTo("The notes say hello.");
    assertThat(outcome(lines, 0).outcome()).isEqualTo(TurnOutcome.SUCCESS);
  }

  @Test
  void a_provider_failure_is_a_reported_error_with_the_status_and_no_message() {
    List<HarnessLine> lines = read("provider-500.jsonl");

    assertThat(outputs(lines)).isEmpty();
    assertThat(lines)
        .filteredOn(HarnessLine.ReportedError.class::isInstance)
        .singleElement()
        .extracting(l -> ((HarnessLine.ReportedError) l).message())
        .asString()
        .startsWith("claude ended with success (provider status 500): API Error: 500");
    TurnOutcome outcome = outcome(lines, 1);
    assertThat(outcome.outcome()).isEqualTo(TurnOutcome.ERROR);
    assertThat(outcome.error()).isEqualTo(TurnOutcomes.HARNESS_REPORTED_ERROR);
  }

  @Test
  void a_blank_answer_with_no_tokens_is_a_silent_failure() {
    List<HarnessLine> lines = read("blank-answer.jsonl");

    assertThat(outputs(lines)).isEmpty();
    assertThat(outcome(lines, 0).outcome()).isEqualTo(TurnOutcome.SILENT_FAILURE);
  }

  @Test
  void usage_comes_from_model_usage_when_the_totals_missed_a_retried_call() {
    List<HarnessLine> lines = read("stream-error-recovered.jsonl");

    HarnessOutput.Usage usage =
        outputs(lines).stream()
            .filter(HarnessOutput.Usage.class::isInstance)
            .map(HarnessOutput.Usage.class::cast)
            .findFirst()
            .orElseThrow();
    assertThat(usage.usage().path("inputTokens").asLong()).isEqualTo(12);
    assertThat(usage.usage().path("outputTokens").asLong()).isEqualTo(8);
    assertThat(outcome(lines, 0).finalMessage()).isEqualTo("partial words here");
  }

  @Test
  void an_error_subtype_reports_its_errors() {
    List<HarnessLine> lines =
        new ClaudeStreamProtocol()
            .read(
                bytes(
                    "{\"type\":\"result\",\"subtype\":\"error_max_turns\",\"is_error\":false,"
                        + "\"errors\":[\"Reached maximum number of turns (1)\"]}"));

    assertThat(lines)
        .singleElement()
        .isEqualTo(
            new HarnessLine.ReportedError(
                "claude ended with error_max_turns: Reached maximum number of turns (1)"));
  }

  @Test
  void lines_that_are_not_stream_json_become_protocol_errors_and_unknown_kinds_are_skipped() {
    ClaudeStreamProtocol protocol = new ClaudeStreamProtocol();

    assertThat(protocol.read(bytes("not json")))
        .singleElement()
        .isInstanceOf(HarnessLine.Output.class);
    assertThat(outputs(protocol.read(bytes("[1,2]"))))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(outputs(protocol.read(bytes("{\"type\":\"assistant\",\"message\":{}}"))))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(protocol.read(bytes("{\"type\":\"stream_event\",\"event\":{}}"))).isEmpty();
    assertThat(protocol.read(bytes("{\"type\":\"system\",\"subtype\":\"api_retry\"}"))).isEmpty();
  }

  @Test
  void unreadable_token_counts_do_not_lose_the_final_message() {
    List<HarnessLine> lines =
        new ClaudeStreamProtocol()
            .read(
                bytes(
                    "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,"
                        + "\"result\":\"done\",\"usage\":{\"input_tokens\":-5,"
                        + "\"output_tokens\":1}}"));

    assertThat(outputs(lines))
        .extracting(o -> o.getClass().getSimpleName())
        .containsExactly("ProtocolError", "Final");
  }

  @Test
  void the_prompt_goes_on_stdin_after_the_history_of_the_session() {
    TurnInput input =
        new TurnInput(
            "ses_1",
            "srun_2",
            "/tmp",
            null,
            "And now?",
            List.of(
                new SessionMessage(0, "srun_1", "user", "What is 6 x 7?", Instant.EPOCH),
                new SessionMessage(1, "srun_1", "assistant", "42", Instant.EPOCH)),
            List.of());

    String stdin = new String(new ClaudeStreamProtocol().opening(input), StandardCharsets.UTF_8);

    assertThat(stdin)
        .contains("<user>\nWhat is 6 x 7?\n</user>")
        .contains("<assistant>\n42\n</assistant>")
        .endsWith("The new request:\n\nAnd now?");
    assertThat(stdin.indexOf("What is 6 x 7?")).isLessThan(stdin.indexOf("And now?"));
  }

  @Test
  void a_long_history_keeps_its_most_recent_messages_and_says_how_many_were_left_out() {
    String big = "x".repeat(ClaudePrompt.MAX_HISTORY_CHARS / 2);
    TurnInput input =
        new TurnInput(
            "ses_1",
            "srun_4",
            "/tmp",
            null,
            "next",
            List.of(
                new SessionMessage(0, "srun_1", "user", "oldest " + big, Instant.EPOCH),
                new SessionMessage(1, "srun_1", "assistant", "older " + big, Instant.EPOCH),
                new SessionMessage(2, "srun_2", "user", "recent", Instant.EPOCH)),
            List.of());

    String stdin = ClaudePrompt.of(input);

    assertThat(stdin)
        .startsWith("Earlier in this session (the 1 oldest messages left out):")
        .doesNotContain("oldest x")
        .contains("older ")
        .contains("<user>\nrecent\n</user>")
        .endsWith("next");
  }

  private static List<HarnessLine> read(String resource) {
    ClaudeStreamProtocol protocol = new ClaudeStreamProtocol();
    List<HarnessLine> lines = new ArrayList<>();
    try (InputStream in = ClaudeStreamProtocolTest.class.getResourceAsStream(resource)) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      text.lines().filter(l -> !l.isBlank()).forEach(l -> lines.addAll(protocol.read(bytes(l))));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    lines.addAll(protocol.finish());
    assertThat(protocol.resultSeen()).isTrue();
    return lines;
  }

  private static List<HarnessOutput> outputs(List<HarnessLine> lines) {
    return lines.stream()
        .filter(HarnessLine.Output.class::isInstance)
        .map(l -> ((HarnessLine.Output) l).output())
        .toList();
  }

  /** The outcome {@link TurnOutcomes} gives these lines and an exit code. */
  private static TurnOutcome outcome(List<HarnessLine> lines, int exitCode) {
    TurnOutcomes outcomes = new TurnOutcomes();
    for (HarnessLine line : lines) {
      switch (line) {
        case HarnessLine.Output out -> outcomes.observe(out.output());
        case HarnessLine.ReportedError error -> outcomes.observeError(error.message());
      }
    }
    return outcomes.outcome(exitCode, false);
  }

  private static byte[] bytes(String line) {
    return line.getBytes(StandardCharsets.UTF_8);
  }
}
