package io.kxm.runtime.run;

import io.kxm.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one byte form that hashes and signatures cover: compact JSON with object keys sorted at every
 * depth, so that the same content always yields the same bytes.
 */
public final class Canonical {
  private Canonical() {}

  public static JsonNode sort(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>(object.propertyNames());
      names.sort(null);
      ObjectNode out = Json.object();
      for (String name : names) {
        out.set(name, sort(object.get(name)));
      }
      return out;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode out = Json.MAPPER.createArrayNode();
      array.forEach(item -> out.add(sort(item)));
      return out;
    }
    return node;
  }

  public static byte[] bytes(JsonNode node) {
    return Json.write(sort(node)).getBytes(StandardCharsets.UTF_8);
  }
}
