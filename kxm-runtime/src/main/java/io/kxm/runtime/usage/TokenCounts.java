package io.kxm.runtime.usage;

import tools.jackson.databind.JsonNode;

/** Reads one token count out of a usage object that a provider or an agent CLI reported. */
public final class TokenCounts {
  private TokenCounts() {}

  /**
   * The count in {@code field}.
   *
   * @throws IllegalArgumentException when the field is absent, or not a whole number from 0 to
   *     2^63-1
   */
  public static long required(JsonNode usage, String field) {
    JsonNode value = usage.path(field);
    if (value.isMissingNode() || value.isNull()) {
      throw new IllegalArgumentException("usage has no '" + field + "'");
    }
    return optional(usage, field);
  }

  /**
   * The count in {@code field}, 0 when absent.
   *
   * @throws IllegalArgumentException when present and not a whole number from 0 to 2^63-1
   */
  public static long optional(JsonNode usage, String field) {
    JsonNode value = usage.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return 0;
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 0) {
      throw new IllegalArgumentException(
          "usage '" + field + "' is not a whole number from 0 to 2^63-1");
    }
    return value.asLong();
  }
}
