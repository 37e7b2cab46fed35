package io.kxm.core.tool;

import io.kxm.core.json.Json;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the JSON Schema (draft 2020-12) of a tool's input. Schemas stay lean on purpose: the
 * serialized tool list is sent to every model on every session, so a keyword costs tokens.
 */
public final class Schemas {
  private Schemas() {}

  /** A closed object: {@code additionalProperties: false}. */
  public static ObjectSchema object() {
    return new ObjectSchema();
  }

  /**
   * The length a string without {@code maxLength} may have: IDs and keys, 128 code points. Tools
   * have 28 such fields, and a model never writes an ID near the limit, so the list leaves the
   * keyword out and {@link ToolArgumentCheck} holds every surface to it all the same.
   */
  public static final int IMPLIED_MAX_LENGTH = 128;

  public static ObjectNode string(int maxLength) {
    ObjectNode node = Json.object().put("type", "string");
    return maxLength == IMPLIED_MAX_LENGTH ? node : node.put("maxLength", maxLength);
  }

  public static ObjectNode integer(long minimum, long maximum) {
    return Json.object().put("type", "integer").put("minimum", minimum).put("maximum", maximum);
  }

  /** An integer with a floor only, for values that are capped rather than refused. */
  public static ObjectNode integerAtLeast(long minimum) {
    return Json.object().put("type", "integer").put("minimum", minimum);
  }

  public static ObjectNode bool() {
    return Json.object().put("type", "boolean");
  }

  public static ObjectNode oneOf(String... values) {
    ObjectNode node = Json.object().put("type", "string");
    ArrayNode list = node.putArray("enum");
    for (String value : values) {
      list.add(value);
    }
    return node;
  }

  public static ObjectNode array(ObjectNode items, int minItems, int maxItems) {
    ObjectNode node = Json.object().put("type", "array");
    node.set("items", items);
    if (minItems > 0) { // 0 is the default; the list goes to the model on every session
      node.put("minItems", minItems);
    }
    return node.put("maxItems", maxItems);
  }

  /** Adds a short description to a property schema, for parameters whose name is not enough. */
  public static ObjectNode described(ObjectNode schema, String description) {
    return schema.put("description", description);
  }

  /** An object schema under construction. */
  public static final class ObjectSchema {
    private final ObjectNode node = Json.object().put("type", "object");
    private final ObjectNode properties = node.putObject("properties");
    private final ArrayNode required = Json.MAPPER.createArrayNode();

    private ObjectSchema() {}

    public ObjectSchema property(String name, ObjectNode schema) {
      properties.set(name, schema);
      return this;
    }

    public ObjectSchema required(String name, ObjectNode schema) {
      required.add(name);
      return property(name, schema);
    }

    public ObjectNode build() {
      ObjectNode out = node.deepCopy();
      if (!required.isEmpty()) {
        out.set("required", required.deepCopy());
      }
      return out.put("additionalProperties", false);
    }
  }
}
