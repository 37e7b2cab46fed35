package io.kxm.runtime.config;

import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON with keys sorted at every level and no layout, so equal values give equal bytes. */
public final class CanonicalJson {
  private CanonicalJson() {}

  public static byte[] bytes(JsonNode node) {
    return Json.writeBytes(sorted(node));
  }

  public static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>(node.propertyNames());
      Collections.sort(names);
      ObjectNode out = Json.object();
      names.forEach(name -> out.set(name, sorted(node.get(name))));
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = Json.MAPPER.createArrayNode();
      node.forEach(child -> out.add(sorted(child)));
      return out;
    }
    return node;
  }
}
