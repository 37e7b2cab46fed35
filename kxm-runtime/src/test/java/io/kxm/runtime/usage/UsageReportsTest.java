package io.kxm.runtime.usage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenUsage.Source;
import org.junit.jupiter.api.Test;

/** Usage objects shaped as each API sends them, down to the fields this code does not read. */
class UsageReportsTest {

  @Test
  void an_anthropic_message_usage_keeps_cache_reads_and_writes_apart_from_input() {
    String response =
        """
        {"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5",
         "stop_reason":"end_turn",
         "usage":{"input_tokens":2095,"cache_creation_input_tokens":2051,
                  "cache_read_input_tokens":1024,"output_tokens":503,
                  "cache_creation":{"ephemeral_5m_input_tokens":2051,"ephemeral_1h_input_tokens":0},
                  "service_tier":"standard","server_tool_use":{"web_search_requests":0}}}
        """;

    TokenUsage usage = UsageReports.anthropic(Json.read(response).path("usage"));

    assertThat(usage).isEqualTo(new TokenUsage(2095, 503, 1024, 2051, 0, Source.SUMMED));
  }

  @Test
  void an_anthropic_usage_without_cache_fields_counts_no_cache() {
    TokenUsage usage =
        UsageReports.anthropic(Json.read("{\"input_tokens\":12,\"output_tokens\":6}"));

    assertThat(usage).isEqualTo(new TokenUsage(12, 6, 0, 0, 0, Source.SUMMED));
  }

  @Test
  void an_openai_responses_usage_takes_cached_tokens_out_of_input_and_keeps_reasoning_in_output() {
    String response =
        """
        {"id":"resp_67cc","object":"response","status":"completed","model":"gpt-5",
         "usage":{"input_tokens":36,"input_tokens_details":{"cached_tokens":16},
                  "output_tokens":87,"output_tokens_details":{"reasoning_tokens":64},
                  "total_tokens":123}}
        """;

    TokenUsage usage = UsageReports.openAiResponses(Json.read(response).path("usage"));

    assertThat(usage).isEqualTo(new TokenUsage(20, 87, 16, 0, 64, Source.SUMMED));
  }

  @Test
  void an_openai_chat_completions_usage_is_read_the_same_way() {
    String response =
        """
        {"id":"chatcmpl-B9M","object":"chat.completion","model":"gpt-4o-2024-08-06",
         "choices":[],
         "usage":{"prompt_tokens":2006,"completion_tokens":300,"total_tokens":2306,
                  "prompt_tokens_details":{"cached_tokens":1920,"audio_tokens":0},
                  "completion_tokens_details":{"reasoning_tokens":0,"audio_tokens":0,
                    "accepted_prediction_tokens":0,"rejected_prediction_tokens":0}}}
        """;

    TokenUsage usage = UsageReports.openAiChat(Json.read(response).path("usage"));

    assertThat(usage).isEqualTo(new TokenUsage(86, 300, 1920, 0, 0, Source.SUMMED));
  }

  @Test
  void a_command_harness_usage_line_reads_its_optional_counters() {
    TokenUsage usage =
        UsageReports.harnessLine(
            Json.read(
                "{\"inputTokens\":5,\"outputTokens\":9,\"cacheReadTokens\":100,"
                    + "\"cacheWriteTokens\":7,\"reasoningTokens\":4}"));

    assertThat(usage).isEqualTo(new TokenUsage(5, 9, 100, 7, 4, Source.SUMMED));
  }

  @Test
  void malformed_reports_are_refused_with_the_field_named() {
    assertThatThrownBy(() -> UsageReports.anthropic(Json.read("{\"output_tokens\":1}")))
        .hasMessage("usage has no 'input_tokens'");
    assertThatThrownBy(() ->
            UsageReports.openAiChat(Json.read("{\"prompt_tokens\":-3,\"completion_tokens\":1}")))
        .hasMessage("usage 'prompt_tokens' is not a whole number from 0 to 2^63-1");
    assertThatThrownBy(() ->
            UsageReports.openAiResponses(
                Json.read(
                    "{\"input_tokens\":5,\"input_tokens_details\":{\"cached_tokens\":9},"
                        + "\"output_tokens\":1}")))
        .hasMessageContaining("cached_tokens (9) is more than the input tokens (5)");
    assertThatThrownBy(() ->
            UsageReports.openAiResponses(
                Json.read(
                    "{\"input_tokens\":5,\"output_tokens\":1,"
                        + "\"output_tokens_details\":{\"reasoning_tokens\":2}}")))
        .hasMessageContaining("reasoning tokens (2) are part of the output (1)");
    assertThatThrownBy(() -> UsageReports.harnessLine(Json.read("[1]")))
        .hasMessage("a usage report is a JSON object");
    assertThatThrownBy(
            () -> UsageReports.harnessLine(Json.read("{\"inputTokens\":1.5,\"outputTokens\":1}")))
        .hasMessageContaining("'inputTokens'");
  }

  @Test
  void a_run_sums_per_call_reports_until_a_final_total_replaces_them() {
    UsageTally tally = new UsageTally();
    assertThat(tally.total()).isEqualTo(TokenUsage.unavailable());

    tally.add(new TokenUsage(10, 5, 1, 2, 3, Source.SUMMED));
    TokenUsage summed = tally.add(new TokenUsage(1, 1, 1, 1, 0, Source.SUMMED));
    assertThat(summed).isEqualTo(new TokenUsage(11, 6, 2, 3, 3, Source.SUMMED));

    TokenUsage settled = tally.settle(new TokenUsage(40, 20, 0, 0, 0, Source.SUMMED));
    assertThat(settled).isEqualTo(new TokenUsage(40, 20, 0, 0, 0, Source.FINAL));
    assertThat(tally.add(new TokenUsage(1, 1, 0, 0, 0, Source.SUMMED))).isEqualTo(settled);
  }

  @Test
  void a_sum_past_the_largest_count_is_refused_not_wrapped() {
    UsageTally tally = new UsageTally();
    tally.add(new TokenUsage(Long.MAX_VALUE, 0, 0, 0, 0, Source.SUMMED));

    assertThatThrownBy(() -> tally.add(new TokenUsage(1, 0, 0, 0, 0, Source.SUMMED)))
        .isInstanceOf(ArithmeticException.class);
    assertThat(tally.total().input()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void the_wire_form_names_every_counter_and_the_source() {
    assertThat(Json.write(new TokenUsage(1, 2, 3, 4, 1, Source.FINAL).toJson()))
        .isEqualTo(
            "{\"inputTokens\":1,\"outputTokens\":2,\"cacheReadTokens\":3,"
                + "\"cacheWriteTokens\":4,\"reasoningTokens\":1,\"source\":\"final\"}");
  }
}
