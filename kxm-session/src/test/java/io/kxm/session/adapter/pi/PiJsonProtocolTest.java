package io.kxm.session.adapter.pi;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@link PiJsonProtocol} on lines recorded from {@code pi --mode json} against the fake. */
class PiJsonProtocolTest {

  @Test
  void a_text_turn_streams_reports_usage_and_ends_with_the_answer() {
    List<HarnessLine> lines = replay("text.jsonl");

    assertThat(lines)
        .containsExactly(
            out(new HarnessOutput.Delta("Hello ")),
            out(new HarnessOutput.Delta("from th")),
            out(new HarnessOutput.Delta("e fake.")),
            out(new HarnessOutput.Usage(usage(120, 30))),
            out(new HarnessOutput.Final("Hello from the fake.")));
  }

  @Test
  void a_read_is_a_tool_call_and_result_between_two_model_calls() {
    List<HarnessOutput> outputs = outputs(replay("read.jsonl"));

    List<HarnessOutput> tools =
        outputs.stream()
            .filter(
                o -> o instanceof HarnessOutput.ToolCall || o instanceof HarnessOutput.ToolResult)
            .toList();
    assertThat(tools).hasSize(2);
    JsonNode call = ((HarnessOutput.ToolCall) tools.get(0)).call();
    assertThat(call.path("name").asString()).isEqualTo("read");
    assertThat(Json.write(call.path("input"))).isEqualTo("{\"path\":\"notes.txt\"}");
    JsonNode result = ((HarnessOutput.ToolResult) tools.get(1)).result();
    assertThat(result.path("id").asString()).isEqualTo(call.path("id").asString());
    assertThat(result.path("output").asString()).isEqualTo("hi there\n");
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(outputs.stream().filter(HarnessOutput.Usage.class::isInstance)).hasSize(2);
    assertThat(outputs.getLast()).isEqualTo(new HarnessOutput.Final("The notes say hi."));
  }

  @Test
  void a_refused_call_is_reported_once_the_stream_ends() {
    List<HarnessLine> lines = replay("refused.jsonl");

    assertThat(lines).containsExactly(new HarnessLine.ReportedError("400 model not found"));
  }

  @Test
  void after_pi_gave_up_retrying_the_last_error_is_the_reason() {
    List<HarnessLine> lines = replay("retried.jsonl");

    assertThat(lines).singleElement().isInstanceOf(HarnessLine.ReportedError.class);
    assertThat(((HarnessLine.ReportedError) lines.getFirst()).message())
        .startsWith("500 The fake provider has no scripted reply");
  }

  @Test
  void a_blank_answer_with_no_tokens_yields_nothing() {
    assertThat(replay("blank.jsonl")).isEmpty();
  }

  @Test
  void blanks_before_the_first_word_stream_with_it() {
    PiJsonProtocol protocol = new PiJsonProtocol();
    read(
        protocol,
        "{\"type\":\"message_start\",\"message\":{\"role\":\"assistant\",\"content\":[]}}");
    List<HarnessLine> lines = new ArrayList<>();
    lines.addAll(read(protocol, delta("\\n")));
    lines.addAll(read(protocol, delta("Hi")));
    lines.addAll(read(protocol, delta(" ")));

    assertThat(outputs(lines))
        .containsExactly(new HarnessOutput.Delta("\nHi"), new HarnessOutput.Delta(" "));
  }

  @Test
  void an_empty_delta_after_the_first_word_streams_nothing() {
    PiJsonProtocol protocol = new PiJsonProtocol();
    read(
        protocol,
        "{\"type\":\"message_start\",\"message\":{\"role\":\"assistant\",\"content\":[]}}");
    List<HarnessLine> lines = new ArrayList<>();
    lines.addAll(read(protocol, delta("Hello ")));
    lines.addAll(read(protocol, delta("")));
    lines.addAll(read(protocol, delta("there")));

    assertThat(outputs(lines))
        .containsExactly(new HarnessOutput.Delta("Hello "), new HarnessOutput.Delta("there"));
  }

  @Test
  void unreadable_lines_are_protocol_errors_and_unknown_events_are_skipped() {
    PiJsonProtocol protocol = new PiJsonProtocol();

    assertThat(outputs(read(protocol, "{oops")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(outputs(read(protocol, "\"text\"")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(
            outputs(
                read(
                    protocol,
                    "{\"type\":\"message_end\",\"message\":{\"role\":\"assistant\","
                        + "\"usage\":{\"input\":1.5,\"output\":2}}}")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(outputs(read(protocol, "{\"type\":\"tool_execution_start\",\"toolName\":\"read\"}")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(read(protocol, "{\"type\":\"queue_update\",\"steering\":[]}")).isEmpty();
  }

  private static String delta(String text) {
    return "{\"type\":\"message_update\",\"assistantMessageEvent\":{\"type\":\"text_delta\","
        + "\"contentIndex\":0,\"delta\":\""
        + text
        + "\"}}";
  }

  private static JsonNode usage(long in, long out) {
    return Json.object()
        .put("inputTokens", in)
        .put("outputTokens", out)
        .put("cacheReadTokens", 0L)
        .put("cacheWriteTokens", 0L);
  }

  private static HarnessLine out(HarnessOutput output) {
    return new HarnessLine.Output(output);
  }

  private static List<HarnessOutput> outputs(List<HarnessLine> lines) {
    return lines.stream().map(l -> ((HarnessLine.Output) l).output()).toList();
  }

  private static List<HarnessLine> read(PiJsonProtocol protocol, String line) {
    return protocol.read(line.getBytes(StandardCharsets.UTF_8));
  }

  private static List<HarnessLine> replay(String resource) {
    PiJsonProtocol protocol = new PiJsonProtocol();
    List<HarnessLine> lines = new ArrayList<>();
    try (InputStream in = PiJsonProtocolTest.class.getResourceAsStream(resource)) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
        if (!line.isBlank()) {
          lines.addAll(read(protocol, line));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    lines.addAll(protocol.finish());
    return lines;
  }
}
