package io.kxm.runtime.config;

import tools.jackson.databind.JsonNode;

/**
 * The restricted YAML parser for readers outside this package, such as the trust diff, which reads
 * files of a past revision that never went through {@link ConfigLoader}.
 */
public final class ReviewedYaml {
  private ReviewedYaml() {}

  /**
   * Parses one {@code .kxm/} file as restricted YAML, without a schema.
   *
   * @throws IllegalArgumentException naming the line and the rule when the text is refused
   */
  public static JsonNode parse(String text) {
    try {
      return RestrictedYaml.parse(text).root();
    } catch (RestrictedYaml.Refused e) {
      throw new IllegalArgumentException(
          "line " + e.line + ": " + e.getMessage() + " [" + e.rule + "]", e);
    }
  }
}
