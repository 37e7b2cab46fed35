package io.kxm.core.json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one byte form that hashes and signatures cover: compact JSON (no layout) with object keys
 * sorted at every depth by their UTF-16 code units, encoded as UTF-8. Equal content gives equal
 * bytes however its producer ordered the fields. Stored hashes (run event chains, session event
 * chains, config revisions, sync content hashes, workflow definition hashes) are computed over this
 * form, so its output must never change.
 */
public final class CanonicalJson {
  private CanonicalJson() {}

  /** A copy of {@code node} with object keys sorted at every depth; other values are shared. */
  public static JsonNode sorted(JsonNode node) {
    return sort(node, false);
  }

  /** Like {@link #sorted}, but object fields whose value is JSON null are left out. */
  public static JsonNode sortedWithoutNullFields(JsonNode node) {
    return sort(node, true);
  }

  /** The canonical text of {@code node}. */
  public static String text(JsonNode node) {
    return Json.write(sorted(node));
  }

  /** The canonical bytes of {@code node}: the UTF-8 encoding of {@link #text}. */
  public static byte[] bytes(JsonNode node) {
    return text(node).getBytes(StandardCharsets.UTF_8);
  }

  private static JsonNode sort(JsonNode node, boolean dropNullFields) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>(object.propertyNames());
      names.sort(null);
      ObjectNode out = Json.object();
      for (String name : names) {
        JsonNode child = object.get(name);
        if (!(dropNullFields && child.isNull())) {
          out.set(name, sort(child, dropNullFields));
        }
      }
      return out;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode out = Json.MAPPER.createArrayNode();
      array.forEach(item -> out.add(sort(item, dropNullFields)));
      return out;
    }
    return node;
  }
}
