package io.kxm.session.adapter.claude;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The token counts of a Claude Code turn, from its {@code result} line, as the harness protocol's
 * usage report. {@code modelUsage} (per model, summed over every call of the turn) is preferred:
 * the CLI's {@code usage} totals miss calls it retried without streaming, which {@code modelUsage}
 * still counts. Both use Anthropic's meaning: input excludes cache reads and writes.
 */
final class ClaudeUsage {
  private ClaudeUsage() {}

  /**
   * The report, or empty when the line counts no tokens at all (a turn that never reached the model
   * reports zeros, and zeros are no evidence of work).
   *
   * @throws IllegalArgumentException when a count is missing or not a whole number from 0 to 2^63-1
   * @throws ArithmeticException when the counts add up past 2^63-1
   */
  static Optional<ObjectNode> of(JsonNode result) {
    TokenUsage usage = byModel(result.path("modelUsage"));
    if (!usage.available() && result.path("usage").isObject()) {
      usage = UsageReports.anthropic(result.path("usage"));
    }
    if (usage.input() + usage.output() + usage.cacheRead() + usage.cacheWrite() == 0) {
      return Optional.empty();
    }
    ObjectNode report = Json.object();
    report.put("inputTokens", usage.input());
    report.put("outputTokens", usage.output());
    report.put("cacheReadTokens", usage.cacheRead());
    report.put("cacheWriteTokens", usage.cacheWrite());
    return Optional.of(report);
  }

  private static TokenUsage byModel(JsonNode models) {
    TokenUsage total = TokenUsage.unavailable();
    if (!models.isObject()) {
      return total;
    }
    for (JsonNode model : models.values()) {
      ObjectNode asAnthropic = Json.object();
      copy(model, "inputTokens", asAnthropic, "input_tokens");
      copy(model, "outputTokens", asAnthropic, "output_tokens");
      copy(model, "cacheReadInputTokens", asAnthropic, "cache_read_input_tokens");
      copy(model, "cacheCreationInputTokens", asAnthropic, "cache_creation_input_tokens");
      total = total.plus(UsageReports.anthropic(asAnthropic));
    }
    return total;
  }

  private static void copy(JsonNode from, String name, ObjectNode to, String as) {
    if (from.has(name)) {
      to.set(as, from.get(name));
    }
  }
}
