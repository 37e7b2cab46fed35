package io.kxm.session.adapter.codex;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenCounts;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code usage} of Codex's {@code turn.completed}, in the shape of a harness usage report.
 * Codex counts as OpenAI does: {@code input_tokens} includes {@code cached_input_tokens} (and any
 * {@code cache_write_input_tokens}), {@code output_tokens} includes {@code
 * reasoning_output_tokens}. A report harness usage keeps input at the full price apart from cache.
 */
final class CodexUsage {
  private CodexUsage() {}

  /**
   * @return empty when every count is zero: the turn spent nothing, which is no sign of activity
   * @throws IllegalArgumentException when a count is missing, not a whole number, or inconsistent
   */
  static Optional<ObjectNode> toHarnessLine(JsonNode usage) {
    if (!usage.isObject()) {
      throw new IllegalArgumentException("usage is not an object");
    }
    long input = TokenCounts.required(usage, "input_tokens");
    long cached = TokenCounts.optional(usage, "cached_input_tokens");
    long cacheWrite = TokenCounts.optional(usage, "cache_write_input_tokens");
    long output = TokenCounts.required(usage, "output_tokens");
    long reasoning = TokenCounts.optional(usage, "reasoning_output_tokens");
    if (cached > input || cacheWrite > input - cached) {
      throw new IllegalArgumentException(
          "cached input (" + cached + " read, " + cacheWrite + " written) exceeds input " + input);
    }
    if (reasoning > output) {
      throw new IllegalArgumentException(
          "reasoning tokens (" + reasoning + ") exceed output tokens (" + output + ")");
    }
    if (input == 0 && output == 0) {
      return Optional.empty();
    }
    ObjectNode line = Json.object();
    line.put("inputTokens", input - cached - cacheWrite);
    line.put("outputTokens", output);
    line.put("cacheReadTokens", cached);
    line.put("cacheWriteTokens", cacheWrite);
    line.put("reasoningTokens", reasoning);
    return Optional.of(line);
  }
}
