package io.kxm.session.adapter.pi;

import io.kxm.core.json.Json;
import io.kxm.runtime.usage.TokenCounts;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code usage} of a Pi assistant message as a harness usage report. Pi already counts {@code
 * input} without cache reads and writes, as the report does.
 */
final class PiUsage {
  private PiUsage() {}

  /**
   * @return empty when every count is zero, as Pi reports for a call that failed
   * @throws IllegalArgumentException when a count is missing or not a whole number
   */
  static Optional<ObjectNode> toHarnessLine(JsonNode usage) {
    if (!usage.isObject()) {
      throw new IllegalArgumentException("usage is not an object");
    }
    long input = TokenCounts.required(usage, "input");
    long output = TokenCounts.required(usage, "output");
    long cacheRead = TokenCounts.optional(usage, "cacheRead");
    long cacheWrite = TokenCounts.optional(usage, "cacheWrite");
    if (input == 0 && output == 0 && cacheRead == 0 && cacheWrite == 0) {
      return Optional.empty();
    }
    ObjectNode line = Json.object();
    line.put("inputTokens", input);
    line.put("outputTokens", output);
    line.put("cacheReadTokens", cacheRead);
    line.put("cacheWriteTokens", cacheWrite);
    return Optional.of(line);
  }
}
