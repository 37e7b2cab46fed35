package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A tool the scripted model calls: the tool's name and its input as a JSON object text, streamed to
 * the client in pieces exactly as written here.
 */
public record ToolCall(String name, String inputJson) {
  public ToolCall {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a tool call needs the tool's name");
    }
    JsonNode input;
    try {
      input = Json.read(inputJson == null ? "" : inputJson);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "tool call " + name + " input must be a JSON object, got: " + inputJson, e);
    }
    if (!input.isObject()) {
      throw new IllegalArgumentException(
          "tool call " + name + " input must be a JSON object, got: " + inputJson);
    }
  }

  JsonNode input() {
    return Json.read(inputJson);
  }
}
