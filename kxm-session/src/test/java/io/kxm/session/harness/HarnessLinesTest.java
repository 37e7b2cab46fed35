package io.kxm.session.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessOutput.ProtocolError;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HarnessLinesTest {

  @Test
  void each_documented_line_becomes_its_output_with_only_the_documented_fields() {
    assertThat(output("{\"type\":\"delta\",\"text\":\"Hel\",\"extra\":1}"))
        .isEqualTo(new HarnessOutput.Delta("Hel"));
    assertThat(output("{\"type\":\"message\",\"text\":\"done\"}"))
        .isEqualTo(new HarnessOutput.Final("done"));
    assertThat(output("{\"type\":\"tool_call\",\"id\":\"c1\",\"name\":\"ls\",\"junk\":true}"))
        .isEqualTo(
            new HarnessOutput.ToolCall(Json.read("{\"id\":\"c1\",\"name\":\"ls\",\"input\":{}}")));
    assertThat(output("{\"type\":\"tool_result\",\"id\":\"c1\",\"output\":[1]}"))
        .isEqualTo(
            new HarnessOutput.ToolResult(
                Json.read("{\"id\":\"c1\",\"output\":[1],\"isError\":false}")));
    HarnessOutput usage =
        output(
            "{\"type\":\"usage\",\"inputTokens\":3,\"outputTokens\":4,"
                + "\"cacheReadTokens\":5,\"costUsd\":0.2,\"note\":\"x\"}");
    assertThat(Json.write(((HarnessOutput.Usage) usage).usage()))
        .isEqualTo("{\"inputTokens\":3,\"outputTokens\":4,\"cacheReadTokens\":5}");
    assertThat(
            output("{\"type\":\"approval\",\"tool\":\"rm\",\"input\":{\"p\":1},\"reason\":\"r\"}"))
        .isEqualTo(
            new HarnessOutput.InteractionRequest(
                "approval", Json.read("{\"tool\":\"rm\",\"input\":{\"p\":1},\"reason\":\"r\"}")));
    assertThat(output("{\"type\":\"clarification\",\"question\":\"which?\"}"))
        .isEqualTo(
            new HarnessOutput.InteractionRequest(
                "clarification", Json.read("{\"question\":\"which?\"}")));
    assertThat(
            output("{\"type\":\"elicitation\",\"message\":\"m\",\"schema\":{\"type\":\"object\"}}"))
        .isEqualTo(
            new HarnessOutput.InteractionRequest(
                "elicitation", Json.read("{\"message\":\"m\",\"schema\":{\"type\":\"object\"}}")));
  }

  @Test
  void an_error_line_is_a_reported_error_with_its_message_redacted() {
    assertThat(HarnessLines.parse("{\"type\":\"error\",\"message\":\"bad Bearer abcdefghijkl\"}"))
        .isEqualTo(new HarnessLine.ReportedError("bad Bearer [REDACTED]"));
  }

  @Test
  void lines_that_break_the_protocol_give_a_reason_naming_what_is_wrong() {
    assertThat(reason("")).isEqualTo("line is empty");
    assertThat(reason("{\"type\":\"delta\"")).isEqualTo("line is not valid JSON");
    assertThat(reason("{\"type\":\"delta\",\"text\":\"a\"} {}"))
        .isEqualTo("line is not valid JSON");
    assertThat(reason("{\"type\":\"delta\",\"type\":\"message\",\"text\":\"a\"}"))
        .isEqualTo("line is not valid JSON");
    assertThat(reason("\"delta\"")).isEqualTo("line is not a JSON object");
    assertThat(reason("{\"text\":\"a\"}")).isEqualTo("missing field 'type'");
    assertThat(reason("{\"type\":7}")).isEqualTo("field 'type' must be a string");
    assertThat(reason("{\"type\":\"delta\"}")).isEqualTo("missing field 'text'");
    assertThat(reason("{\"type\":\"tool_call\",\"id\":\" \",\"name\":\"x\"}"))
        .isEqualTo("field 'id' must not be blank");
    assertThat(reason("{\"type\":\"tool_call\",\"id\":\"a\",\"name\":\"x\",\"input\":[]}"))
        .isEqualTo("field 'input' must be a JSON object");
    assertThat(reason("{\"type\":\"tool_result\",\"id\":\"a\",\"isError\":\"yes\"}"))
        .isEqualTo("field 'isError' must be true or false");
    assertThat(
            reason(
                "{\"type\":\"usage\",\"inputTokens\":1,\"outputTokens\":2,\"reasoningTokens\":3}"))
        .isEqualTo("field 'reasoningTokens' is part of 'outputTokens' and cannot exceed it");
    assertThat(
            reason(
                "{\"type\":\"usage\",\"inputTokens\":1,\"outputTokens\":2,\"cacheReadTokens\":\"9\"}"))
        .isEqualTo("field 'cacheReadTokens' must be a whole number from 0 to 2^63-1");
    assertThat(reason("{\"type\":\"usage\",\"inputTokens\":-1,\"outputTokens\":0}"))
        .isEqualTo("field 'inputTokens' must be a whole number from 0 to 2^63-1");
    assertThat(reason("{\"type\":\"usage\",\"inputTokens\":1e40,\"outputTokens\":0}"))
        .isEqualTo("field 'inputTokens' must be a whole number from 0 to 2^63-1");
    assertThat(
            reason("{\"type\":\"usage\",\"inputTokens\":99999999999999999999,\"outputTokens\":0}"))
        .isEqualTo("field 'inputTokens' must be a whole number from 0 to 2^63-1");
    assertThat(reason("{\"type\":\"usage\",\"inputTokens\":" + "9".repeat(101) + "}"))
        .isEqualTo("line has a number longer than 100 digits");
    assertThat(reason("{\"type\":\"delta\",\"text\":" + "[".repeat(70) + "]".repeat(70) + "}"))
        .isEqualTo("line nests deeper than 64 levels");
    assertThat(reason("{\"type\":\"delta\",\"text\":\"" + "x".repeat(64 * 1024 + 1) + "\"}"))
        .isEqualTo("field 'text' is longer than 65536 characters");
    assertThat(reason("{\"type\":\"delta\",\"text\":\"\\ud800x\"}"))
        .isEqualTo("line has a string with half a surrogate pair");
    assertThat(
            reason(
                "{\"type\":\"tool_call\",\"id\":\"a\",\"name\":\"b\",\"input\":{\"k\":[\"\\udc00\"]}}"))
        .isEqualTo("line has a string with half a surrogate pair");
    assertThat(output("{\"type\":\"delta\",\"text\":\"\\ud83d\\ude00\"}"))
        .isEqualTo(new HarnessOutput.Delta("\uD83D\uDE00"));
    assertThat(reason("{\"type\":\"" + "z".repeat(200) + "\"}"))
        .isEqualTo("unknown type '" + "z".repeat(64) + "'");
  }

  @Test
  void a_protocol_error_keeps_at_most_512_characters_with_credentials_redacted() {
    String token = "ghp_" + "A".repeat(36);
    ProtocolError error =
        (ProtocolError) output("{\"kind\":\"" + token + "\",\"pad\":\"" + "y".repeat(5000) + "\"}");

    assertThat(error.line()).hasSize(512).doesNotContain(token).contains("[REDACTED]");
  }

  @Test
  void a_secret_under_a_credential_key_is_redacted_even_when_the_line_is_cut_inside_it() {
    ProtocolError error =
        (ProtocolError) output("{\"password\":\"hunter2-" + "p".repeat(600) + "\",\"type\":\"x\"}");

    assertThat(error.line()).isEqualTo("{\"password\":\"[REDACTED]\",\"type\":\"x\"}");
  }

  @Test
  void bytes_that_are_not_utf8_are_refused_and_shown_with_replacement_characters() {
    byte[] line = "{\"type\":\"delta\",\"text\":\"\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);

    ProtocolError error = (ProtocolError) ((HarnessLine.Output) HarnessLines.parse(line)).output();

    assertThat(error.reason()).isEqualTo("line is not valid UTF-8");
    assertThat(error.line()).contains("\uFFFD");
  }

  @Test
  void half_characters_in_a_string_line_show_as_replacement_characters() {
    ProtocolError error = (ProtocolError) output("{\uD800 not json");

    assertThat(error.line()).isEqualTo("{\uFFFD not json");
  }

  @Test
  void a_cut_never_splits_a_surrogate_pair() {
    String emoji = "\uD83D\uDE00";
    String excerpt = HarnessLines.excerpt("a" + emoji.repeat(300));

    assertThat(excerpt).hasSize(511).endsWith(emoji);
  }

  private static HarnessOutput output(String line) {
    HarnessLine parsed = HarnessLines.parse(line);
    assertThat(parsed).isInstanceOf(HarnessLine.Output.class);
    return ((HarnessLine.Output) parsed).output();
  }

  private static String reason(String line) {
    HarnessOutput output = output(line);
    assertThat(output).as(line).isInstanceOf(ProtocolError.class);
    return ((ProtocolError) output).reason();
  }
}
