package io.kxm.runtime.trust;

import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code models/*.yaml}: a model description grants nothing by itself (routes admit models), but
 * its token bounds cap what one call may spend, so raising one widens.
 */
final class ModelTrust {
  private static final Set<String> KNOWN =
      Set.of("id", "description", "contextTokens", "maxOutputTokens");

  private ModelTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null || after == null) {
      JsonNode present = before == null ? after : before;
      c.neutral(
          "$",
          before == null ? "model-added" : "model-removed",
          "model " + Changes.text(present, "id") + " is described or forgotten; routes decide use",
          before,
          after);
      return;
    }
    c.neutralIfChanged(
        before, after, "id", "$.id", "model-id-changed", "the file describes another model");
    c.neutralIfChanged(
        before,
        after,
        "description",
        "$.description",
        "description-changed",
        "a description changed");
    c.limit(before, after, "contextTokens", "$.contextTokens", "context tokens", -1);
    c.limit(before, after, "maxOutputTokens", "$.maxOutputTokens", "output tokens", -1);
    c.unknownFields(before, after, "$", KNOWN);
  }
}
