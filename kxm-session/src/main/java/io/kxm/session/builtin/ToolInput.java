package io.kxm.session.builtin;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads a tool call's arguments; a missing or mistyped one is a refusal the model can fix. */
final class ToolInput {
  private final JsonNode input;

  ToolInput(JsonNode input) {
    if (input == null || !input.isObject()) {
      throw new ToolRefusal("the arguments must be a JSON object");
    }
    this.input = input;
  }

  String text(String field) {
    JsonNode value = input.path(field);
    if (!value.isString()) {
      throw new ToolRefusal("'" + field + "' is required and must be a string");
    }
    return value.asString();
  }

  String text(String field, String fallback) {
    JsonNode value = input.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return fallback;
    }
    return text(field);
  }

  boolean flag(String field, boolean fallback) {
    JsonNode value = input.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return fallback;
    }
    if (!value.isBoolean()) {
      throw new ToolRefusal("'" + field + "' must be true or false");
    }
    return value.asBoolean();
  }

  int number(String field, int fallback, int min, int max) {
    JsonNode value = input.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return fallback;
    }
    if (!value.isIntegralNumber() || !value.canConvertToInt()) {
      throw new ToolRefusal("'" + field + "' must be a whole number");
    }
    int n = value.asInt();
    if (n < min || n > max) {
      throw new ToolRefusal("'" + field + "' must be from " + min + " to " + max);
    }
    return n;
  }

  boolean has(String field) {
    JsonNode value = input.path(field);
    return !value.isMissingNode() && !value.isNull();
  }

  List<String> texts(String field) {
    JsonNode value = input.path(field);
    if (!value.isArray() || value.isEmpty()) {
      throw new ToolRefusal("'" + field + "' must be a non-empty array of strings");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode element : value) {
      if (!element.isString()) {
        throw new ToolRefusal("'" + field + "' must hold strings only");
      }
      out.add(element.asString());
    }
    return out;
  }
}
