package io.kxm.core.sync;

import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON text with object keys sorted at every depth, for hashes that ignore field order. */
final class CanonicalJson {
  private CanonicalJson() {}

  static String write(JsonNode node) {
    return Json.write(sorted(node));
  }

  private static JsonNode sorted(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<Map.Entry<String, JsonNode>> entries = new ArrayList<>(object.properties());
      entries.sort(Map.Entry.comparingByKey());
      ObjectNode copy = Json.object();
      entries.forEach(e -> copy.set(e.getKey(), sorted(e.getValue())));
      return copy;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = Json.MAPPER.createArrayNode();
      array.forEach(item -> copy.add(sorted(item)));
      return copy;
    }
    return node;
  }
}
