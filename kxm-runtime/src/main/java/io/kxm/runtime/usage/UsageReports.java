package io.kxm.runtime.usage;

import tools.jackson.databind.JsonNode;

/**
 * Reads the usage object of each API into a {@link TokenUsage}. The APIs disagree on what "input"
 * means: Anthropic's {@code input_tokens} leaves cache reads and writes out, while OpenAI's {@code
 * input_tokens} and {@code prompt_tokens} include the cached part, which is taken out here so that
 * {@code input} is always the part billed at the full price. Every report is one call's usage
 * (source {@code summed} once added to a run).
 */
public final class UsageReports {
  private UsageReports() {}

  /**
   * The {@code usage} of a complete Anthropic Messages response: {@code input_tokens}, {@code
   * output_tokens}, {@code cache_read_input_tokens}, {@code cache_creation_input_tokens}.
   */
  public static TokenUsage anthropic(JsonNode usage) {
    object(usage);
    return call(
        TokenCounts.required(usage, "input_tokens"),
        TokenCounts.required(usage, "output_tokens"),
        TokenCounts.optional(usage, "cache_read_input_tokens"),
        TokenCounts.optional(usage, "cache_creation_input_tokens"),
        0);
  }

  /**
   * The {@code usage} of an OpenAI Responses response: {@code input_tokens} (with {@code
   * input_tokens_details.cached_tokens} inside it), {@code output_tokens} (with {@code
   * output_tokens_details.reasoning_tokens} inside it).
   */
  public static TokenUsage openAiResponses(JsonNode usage) {
    object(usage);
    return openAi(
        TokenCounts.required(usage, "input_tokens"),
        TokenCounts.optional(usage.path("input_tokens_details"), "cached_tokens"),
        TokenCounts.required(usage, "output_tokens"),
        TokenCounts.optional(usage.path("output_tokens_details"), "reasoning_tokens"));
  }

  /**
   * The {@code usage} of an OpenAI Chat Completions response: {@code prompt_tokens} (with {@code
   * prompt_tokens_details.cached_tokens}), {@code completion_tokens} (with {@code
   * completion_tokens_details.reasoning_tokens}).
   */
  public static TokenUsage openAiChat(JsonNode usage) {
    object(usage);
    return openAi(
        TokenCounts.required(usage, "prompt_tokens"),
        TokenCounts.optional(usage.path("prompt_tokens_details"), "cached_tokens"),
        TokenCounts.required(usage, "completion_tokens"),
        TokenCounts.optional(usage.path("completion_tokens_details"), "reasoning_tokens"));
  }

  /**
   * A {@code usage} line of the command harness, already checked by the protocol: {@code
   * inputTokens} (cache excluded, as Anthropic counts), {@code outputTokens}, and optionally {@code
   * cacheReadTokens}, {@code cacheWriteTokens}, {@code reasoningTokens}.
   */
  public static TokenUsage harnessLine(JsonNode usage) {
    object(usage);
    return call(
        TokenCounts.required(usage, "inputTokens"),
        TokenCounts.required(usage, "outputTokens"),
        TokenCounts.optional(usage, "cacheReadTokens"),
        TokenCounts.optional(usage, "cacheWriteTokens"),
        TokenCounts.optional(usage, "reasoningTokens"));
  }

  private static TokenUsage openAi(long input, long cached, long output, long reasoning) {
    if (cached > input) {
      throw new IllegalArgumentException(
          "cached_tokens (" + cached + ") is more than the input tokens (" + input + ")");
    }
    return call(input - cached, output, cached, 0, reasoning);
  }

  private static TokenUsage call(
      long input, long output, long cacheRead, long cacheWrite, long reasoning) {
    return new TokenUsage(
        input, output, cacheRead, cacheWrite, reasoning, TokenUsage.Source.SUMMED);
  }

  private static void object(JsonNode usage) {
    if (usage == null || !usage.isObject()) {
      throw new IllegalArgumentException("a usage report is a JSON object");
    }
  }
}
