package io.kxm.runtime.usage;

import io.kxm.core.json.Json;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tokens spent, in one shape whatever API reported them.
 *
 * @param input input tokens read at the full price: cache reads and cache writes are not in it
 * @param output output tokens, reasoning included, as every vendor bills them
 * @param cacheRead input tokens served from the prompt cache
 * @param cacheWrite input tokens written to the prompt cache
 * @param reasoning the part of {@code output} spent on reasoning; shown, never billed twice
 * @param source {@code final} when the harness reported the run's total, {@code summed} when the
 *     total was added up from per-call reports, {@code unavailable} when nothing was reported
 */
public record TokenUsage(
    long input, long output, long cacheRead, long cacheWrite, long reasoning, Source source) {

  /** Where the numbers come from. */
  public enum Source {
    FINAL,
    SUMMED,
    UNAVAILABLE;

    public String wireName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static final TokenUsage UNAVAILABLE = new TokenUsage(0, 0, 0, 0, 0, Source.UNAVAILABLE);

  public TokenUsage {
    if (input < 0 || output < 0 || cacheRead < 0 || cacheWrite < 0 || reasoning < 0) {
      throw new IllegalArgumentException("token counts are never negative");
    }
    if (reasoning > output) {
      throw new IllegalArgumentException(
          "reasoning tokens (" + reasoning + ") are part of the output (" + output + ")");
    }
    if (source == null) {
      throw new IllegalArgumentException("source is required");
    }
  }

  /** No usage was reported. */
  public static TokenUsage unavailable() {
    return UNAVAILABLE;
  }

  public boolean available() {
    return source != Source.UNAVAILABLE;
  }

  /**
   * Both counts added up, as {@code summed}.
   *
   * @throws ArithmeticException when a count passes 2^63-1
   */
  public TokenUsage plus(TokenUsage other) {
    return new TokenUsage(
        Math.addExact(input, other.input),
        Math.addExact(output, other.output),
        Math.addExact(cacheRead, other.cacheRead),
        Math.addExact(cacheWrite, other.cacheWrite),
        Math.addExact(reasoning, other.reasoning),
        Source.SUMMED);
  }

  /** The wire form: {@code {inputTokens, outputTokens, cacheReadTokens, …, source}}. */
  public ObjectNode toJson() {
    return Json.object()
        .put("inputTokens", input)
        .put("outputTokens", output)
        .put("cacheReadTokens", cacheRead)
        .put("cacheWriteTokens", cacheWrite)
        .put("reasoningTokens", reasoning)
        .put("source", source.wireName());
  }
}
