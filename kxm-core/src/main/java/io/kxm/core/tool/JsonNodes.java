package io.kxm.core.tool;

import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;

/** Small JSON helpers for tool results. */
final class JsonNodes {
  private JsonNodes() {}

  /** The value as a JSON tree, with the same rules as every other KXM JSON answer. */
  static JsonNode tree(Object value) {
    return Json.MAPPER.valueToTree(value);
  }

  /** {@code {"<field>": value}}. */
  static JsonNode wrap(String field, Object value) {
    return Json.object().set(field, tree(value));
  }
}
