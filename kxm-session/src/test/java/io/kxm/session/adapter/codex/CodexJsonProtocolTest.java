package io.kxm.session.adapter.codex;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessLine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** {@link CodexJsonProtocol} on lines recorded from {@code codex exec --json} against the fake. */
class CodexJsonProtocolTest {

  @Test
  void a_text_turn_streams_the_message_reports_usage_and_ends_with_it() {
    List<HarnessLine> lines = replay("text.jsonl");

    assertThat(lines)
        .containsExactly(
            out(new HarnessOutput.Delta("Hello from the fake.")),
            out(new HarnessOutput.Usage(usage(120, 30, 0, 0))),
            out(new HarnessOutput.Final("Hello from the fake.")));
  }

  @Test
  void a_command_is_a_tool_call_then_its_result() {
    List<HarnessOutput> outputs = outputs(replay("shell.jsonl"));

    assertThat(outputs).hasSize(5);
    JsonNode call = ((HarnessOutput.ToolCall) outputs.get(0)).call();
    assertThat(Json.write(call))
        .isEqualTo(
            "{\"id\":\"item_1\",\"name\":\"shell\",\"input\":{\"command\":\"/bin/bash -lc 'cat"
                + " notes.txt'\"}}");
    JsonNode result = ((HarnessOutput.ToolResult) outputs.get(1)).result();
    assertThat(result.path("id").asString()).isEqualTo("item_1");
    assertThat(result.path("output").asString()).endsWith("hi there\n");
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(outputs.get(2)).isEqualTo(new HarnessOutput.Delta("done"));
    assertThat(outputs.get(4)).isEqualTo(new HarnessOutput.Final("done"));
  }

  @Test
  void a_refused_request_is_the_reported_error_of_the_turn() {
    List<HarnessLine> lines = replay("refused.jsonl");

    assertThat(lines).singleElement().isInstanceOf(HarnessLine.ReportedError.class);
    assertThat(((HarnessLine.ReportedError) lines.getFirst()).message())
        .contains("model not found");
  }

  @Test
  void retries_are_not_errors_until_the_turn_fails() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<String> recorded = recorded("retried.jsonl");
    List<HarnessLine> beforeFailure = new ArrayList<>();
    recorded.subList(0, recorded.size() - 1).forEach(l -> beforeFailure.addAll(read(protocol, l)));

    assertThat(beforeFailure).isEmpty();
    assertThat(read(protocol, recorded.getLast()))
        .containsExactly(
            new HarnessLine.ReportedError(
                "We’re currently experiencing high demand, which may cause temporary errors."));
  }

  @Test
  void an_error_is_the_reason_when_the_stream_ends_without_a_turn_end() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    read(protocol, "{\"type\":\"turn.started\"}");
    read(protocol, "{\"type\":\"error\",\"message\":\"stream disconnected before completion\"}");

    assertThat(protocol.finish())
        .containsExactly(new HarnessLine.ReportedError("stream disconnected before completion"));
  }

  @Test
  void an_answer_after_a_retry_succeeds_normally() {
    List<HarnessLine> lines = replay("retried-then-answered.jsonl");

    assertThat(lines.getLast()).isEqualTo(out(new HarnessOutput.Final("Second try worked.")));
    assertThat(lines).noneMatch(HarnessLine.ReportedError.class::isInstance);
  }

  @Test
  void a_blank_message_with_no_tokens_yields_nothing() {
    assertThat(replay("blank.jsonl")).isEmpty();
  }

  @Test
  void a_growing_message_streams_only_what_is_new() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<HarnessLine> lines = new ArrayList<>();
    lines.addAll(read(protocol, item("item.updated", "agent_message", "\"text\":\"Hel\"")));
    lines.addAll(read(protocol, item("item.updated", "agent_message", "\"text\":\"Hello, wo\"")));
    lines.addAll(
        read(protocol, item("item.completed", "agent_message", "\"text\":\"Hello, world\"")));

    assertThat(outputs(lines))
        .containsExactly(
            new HarnessOutput.Delta("Hel"),
            new HarnessOutput.Delta("lo, wo"),
            new HarnessOutput.Delta("rld"));
  }

  @Test
  void a_kxm_tool_call_recorded_against_a_real_hub_is_a_call_and_its_text_result() {
    List<HarnessOutput> outputs = outputs(replay("mcp-tool.jsonl"));

    JsonNode call = ((HarnessOutput.ToolCall) outputs.get(0)).call();
    assertThat(Json.write(call))
        .isEqualTo("{\"id\":\"item_1\",\"name\":\"mcp__kxm__kxm_list\",\"input\":{}}");
    JsonNode result = ((HarnessOutput.ToolResult) outputs.get(1)).result();
    assertThat(result.path("id").asString()).isEqualTo("item_1");
    assertThat(
            Json.read(result.path("output").asString())
                .path("agents")
                .get(0)
                .path("name")
                .asString())
        .isEqualTo("codex-main");
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(outputs.getLast()).isEqualTo(new HarnessOutput.Final("codex-main is alone."));
  }

  @Test
  void a_kxm_tool_that_refused_is_an_error_result_with_the_refusal() {
    List<HarnessOutput> outputs = outputs(replay("mcp-tool-error.jsonl"));

    JsonNode result = ((HarnessOutput.ToolResult) outputs.get(1)).result();
    assertThat(result.path("output").asString())
        .startsWith("message_not_found: no message msg_missing");
    assertThat(result.path("isError").asBoolean()).isTrue();
  }

  @Test
  void an_mcp_call_names_server_and_tool_and_its_result_is_the_text_content() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    String fields =
        "\"server\":\"kxm\",\"tool\":\"kxm_list\",\"arguments\":{\"kind\":\"agents\"},"
            + "\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"{\\\"agents\\\":[]}\"}]},"
            + "\"status\":\"completed\"";
    List<HarnessOutput> outputs =
        outputs(read(protocol, item("item.completed", "mcp_tool_call", fields)));

    assertThat(outputs).hasSize(2);
    assertThat(Json.write(((HarnessOutput.ToolCall) outputs.get(0)).call()))
        .isEqualTo(
            "{\"id\":\"item_9\",\"name\":\"mcp__kxm__kxm_list\",\"input\":{\"kind\":\"agents\"}}");
    assertThat(Json.write(((HarnessOutput.ToolResult) outputs.get(1)).result()))
        .isEqualTo("{\"id\":\"item_9\",\"output\":\"{\\\"agents\\\":[]}\",\"isError\":false}");
  }

  @Test
  void a_failed_mcp_call_and_a_failed_command_are_error_results() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<HarnessOutput> mcp =
        outputs(
            read(
                protocol,
                item(
                    "item.completed",
                    "mcp_tool_call",
                    "\"server\":\"kxm\",\"tool\":\"kxm_send\",\"arguments\":{},"
                        + "\"error\":{\"message\":\"target_not_found\"},\"status\":\"failed\"")));
    List<HarnessOutput> shell =
        outputs(
            read(
                protocol,
                "{\"type\":\"item.completed\",\"item\":{\"id\":\"item_3\",\"type\":\"command_execution\","
                    + "\"command\":\"false\",\"aggregated_output\":\"\",\"exit_code\":1,\"status\":\"failed\"}}"));

    JsonNode mcpResult = ((HarnessOutput.ToolResult) mcp.getLast()).result();
    assertThat(mcpResult.path("output").asString()).isEqualTo("target_not_found");
    assertThat(mcpResult.path("isError").asBoolean()).isTrue();
    assertThat(((HarnessOutput.ToolResult) shell.getLast()).result().path("isError").asBoolean())
        .isTrue();
  }

  @Test
  void a_file_change_is_an_apply_patch_call_with_its_changes() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<HarnessOutput> outputs =
        outputs(
            read(
                protocol,
                item(
                    "item.completed",
                    "file_change",
                    "\"changes\":[{\"path\":\"a.txt\",\"kind\":\"add\"}],\"status\":\"completed\"")));

    JsonNode call = ((HarnessOutput.ToolCall) outputs.get(0)).call();
    assertThat(call.path("name").asString()).isEqualTo("apply_patch");
    assertThat(call.path("input").path("changes").get(0).path("path").asString())
        .isEqualTo("a.txt");
    assertThat(((HarnessOutput.ToolResult) outputs.get(1)).result().path("isError").asBoolean())
        .isFalse();
  }

  @Test
  void cached_input_is_taken_out_of_the_full_price_input() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<HarnessOutput> outputs =
        outputs(
            read(
                protocol,
                "{\"type\":\"turn.completed\",\"usage\":{\"input_tokens\":1000,"
                    + "\"cached_input_tokens\":800,\"output_tokens\":50,\"reasoning_output_tokens\":20}}"));

    JsonNode usage = ((HarnessOutput.Usage) outputs.getFirst()).usage();
    assertThat(Json.write(usage))
        .isEqualTo(
            "{\"inputTokens\":200,\"outputTokens\":50,\"cacheReadTokens\":800,"
                + "\"cacheWriteTokens\":0,\"reasoningTokens\":20}");
  }

  @Test
  void unreadable_lines_and_usage_are_protocol_errors_never_exceptions() {
    CodexJsonProtocol protocol = new CodexJsonProtocol();

    assertThat(outputs(read(protocol, "not json at all")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(outputs(read(protocol, "[1,2]")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(outputs(read(protocol, "{\"type\":\"item.completed\",\"item\":{}}")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(
            outputs(
                read(
                    protocol,
                    "{\"type\":\"turn.completed\",\"usage\":{\"input_tokens\":-1,\"output_tokens\":2}}")))
        .singleElement()
        .isInstanceOf(HarnessOutput.ProtocolError.class);
    assertThat(read(protocol, "{\"type\":\"some.future.event\",\"x\":1}")).isEmpty();
  }

  @Test
  void the_prompt_goes_to_stdin_with_the_history_before_it() {
    TurnInput input =
        new TurnInput(
            "s1",
            "r2",
            "/w",
            "openai/gpt-5-codex",
            "And now?",
            List.of(
                new SessionMessage(0, "r1", "user", "Hi.", Instant.EPOCH),
                new SessionMessage(1, "r1", "assistant", "Hello.", Instant.EPOCH)),
            List.of());

    String prompt = new String(new CodexJsonProtocol().opening(input), StandardCharsets.UTF_8);

    assertThat(prompt).contains("[user]\nHi.", "[you]\nHello.").endsWith("And now?");
    assertThat(new CodexJsonProtocol().takesAnswers()).isFalse();
  }

  private static String item(String type, String itemType, String fields) {
    String id = itemType.equals("mcp_tool_call") ? "item_9" : "item_1";
    return "{\"type\":\""
        + type
        + "\",\"item\":{\"id\":\""
        + id
        + "\",\"type\":\""
        + itemType
        + "\","
        + fields
        + "}}";
  }

  private static JsonNode usage(long in, long out, long cacheRead, long reasoning) {
    return Json.object()
        .put("inputTokens", in)
        .put("outputTokens", out)
        .put("cacheReadTokens", cacheRead)
        .put("cacheWriteTokens", 0L)
        .put("reasoningTokens", reasoning);
  }

  private static HarnessLine out(HarnessOutput output) {
    return new HarnessLine.Output(output);
  }

  private static List<HarnessOutput> outputs(List<HarnessLine> lines) {
    return lines.stream().map(l -> ((HarnessLine.Output) l).output()).toList();
  }

  private static List<HarnessLine> read(CodexJsonProtocol protocol, String line) {
    return protocol.read(line.getBytes(StandardCharsets.UTF_8));
  }

  private static List<HarnessLine> replay(String resource) {
    CodexJsonProtocol protocol = new CodexJsonProtocol();
    List<HarnessLine> lines = new ArrayList<>();
    for (String line : recorded(resource)) {
      lines.addAll(read(protocol, line));
    }
    lines.addAll(protocol.finish());
    return lines;
  }

  static List<String> recorded(String resource) {
    try (InputStream in = CodexJsonProtocolTest.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(l -> !l.isBlank())
          .toList();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
