package io.kxm.core.tool;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Checks a tool's arguments against its input schema with the hub's codes, so a call over MCP is
 * refused the way the same body is over HTTP: {@code unknown_field}, {@code invalid_type} and
 * {@code value_too_long} (in code points), each naming the parameter's path. It reads the keywords
 * {@link Schemas} writes; presence, enums and ranges are the request records' to refuse, with their
 * own codes. A null value reads as an absent one, on every surface.
 */
final class ToolArgumentCheck {
  private ToolArgumentCheck() {}

  static void check(String tool, JsonNode schema, JsonNode arguments) {
    object(tool, "", schema, arguments);
  }

  private static void value(String tool, String path, JsonNode schema, JsonNode value) {
    if (value == null || value.isNull() || schema == null || !schema.isObject()) {
      return;
    }
    switch (schema.path("type").asString("")) {
      case "object" -> object(tool, path, schema, value);
      case "array" -> array(tool, path, schema, value);
      case "string" -> {
        if (!value.isString()) {
          throw wrongType(path, "a string", value);
        }
        JsonNode max = schema.get("maxLength");
        int limit = max != null && max.canConvertToInt() ? max.asInt() : Schemas.IMPLIED_MAX_LENGTH;
        TextLength.check(path, value.stringValue(), limit);
      }
      case "integer" -> {
        if (!value.isIntegralNumber()) {
          throw wrongType(path, "a whole number", value);
        }
      }
      case "boolean" -> {
        if (!value.isBoolean()) {
          throw wrongType(path, "true or false", value);
        }
      }
      default -> {
        // A schema without a type constrains nothing this check reads.
      }
    }
  }

  private static void object(String tool, String path, JsonNode schema, JsonNode value) {
    if (!value.isObject()) {
      throw wrongType(path.isEmpty() ? "the arguments of " + tool : path, "an object", value);
    }
    JsonNode properties = schema.path("properties");
    JsonNode additional = schema.get("additionalProperties");
    for (var entry : value.properties()) {
      String name = entry.getKey();
      String at = path.isEmpty() ? name : path + "." + name;
      JsonNode declared = properties.get(name);
      if (declared != null) {
        value(tool, at, declared, entry.getValue());
      } else if (additional != null && additional.isObject()) {
        value(tool, at, additional, entry.getValue());
      } else if (additional != null && additional.isBoolean() && !additional.asBoolean()) {
        List<String> taken = properties.propertyNames().stream().sorted().toList();
        throw new KxmException(
            ErrorCode.UNKNOWN_FIELD,
            at
                + " is not a parameter of "
                + tool
                + (taken.isEmpty() ? "; it takes none" : "; it takes " + String.join(", ", taken)));
      }
    }
  }

  private static void array(String tool, String path, JsonNode schema, JsonNode value) {
    if (!value.isArray()) {
      throw wrongType(path, "an array", value);
    }
    JsonNode items = schema.get("items");
    for (int i = 0; i < value.size(); i++) {
      value(tool, path + "[" + i + "]", items, value.get(i));
    }
  }

  private static KxmException wrongType(String path, String expected, JsonNode given) {
    return new KxmException(
        ErrorCode.INVALID_TYPE, path + " must be " + expected + ", got " + describe(given));
  }

  private static String describe(JsonNode node) {
    if (node.isString()) {
      return "a string";
    }
    if (node.isIntegralNumber()) {
      return "a whole number";
    }
    if (node.isNumber()) {
      return "a number with a fraction";
    }
    if (node.isBoolean()) {
      return "a boolean";
    }
    if (node.isArray()) {
      return "an array";
    }
    return node.isObject() ? "an object" : "another type";
  }
}
