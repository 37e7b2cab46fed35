package io.kxm.core.tool;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Typed reads of a tool's JSON arguments. A value of the wrong type is refused with {@code
 * invalid_request} naming the parameter; limits are checked by the request records.
 */
public final class ToolArguments {
  private final String prefix;
  private final JsonNode node;

  private ToolArguments(String prefix, JsonNode node) {
    this.prefix = prefix;
    this.node = node;
  }

  /** Wraps the arguments object; null or missing arguments read as an empty object. */
  public static ToolArguments of(JsonNode arguments) {
    if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "tool arguments must be a JSON object");
    }
    boolean absent = arguments == null || arguments.isNull();
    return new ToolArguments("", absent ? Json.object() : arguments);
  }

  public JsonNode raw() {
    return node;
  }

  public String string(String name) {
    JsonNode value = value(name);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      throw wrongType(name, "a string");
    }
    return value.stringValue();
  }

  public Long integer(String name) {
    JsonNode value = value(name);
    if (value == null) {
      return null;
    }
    if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
      throw wrongType(name, "an integer");
    }
    return value.asLong();
  }

  public boolean bool(String name, boolean fallback) {
    JsonNode value = value(name);
    if (value == null) {
      return fallback;
    }
    if (!value.isBoolean()) {
      throw wrongType(name, "true or false");
    }
    return value.asBoolean();
  }

  public List<String> strings(String name) {
    JsonNode value = value(name);
    if (value == null) {
      return null;
    }
    if (!value.isArray()) {
      throw wrongType(name, "an array of strings");
    }
    List<String> out = new ArrayList<>(value.size());
    for (JsonNode item : value) {
      if (!item.isString()) {
        throw wrongType(name, "an array of strings");
      }
      out.add(item.stringValue());
    }
    return out;
  }

  /** A nested object, or null when absent. */
  public ToolArguments object(String name) {
    JsonNode value = value(name);
    if (value == null) {
      return null;
    }
    if (!value.isObject()) {
      throw wrongType(name, "an object");
    }
    return new ToolArguments(prefix + name + ".", value);
  }

  private JsonNode value(String name) {
    JsonNode value = node.get(name);
    return value == null || value.isNull() ? null : value;
  }

  private KxmException wrongType(String name, String expected) {
    return new KxmException(ErrorCode.INVALID_REQUEST, prefix + name + " must be " + expected);
  }
}
