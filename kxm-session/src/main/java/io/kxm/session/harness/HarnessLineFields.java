package io.kxm.session.harness;

import static io.kxm.session.harness.HarnessLines.MAX_DELTA_CHARS;
import static io.kxm.session.harness.HarnessLines.MAX_NAME_CHARS;
import static io.kxm.session.harness.HarnessLines.MAX_TEXT_CHARS;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks the fields of one parsed protocol line against its {@code type} and builds the output from
 * the documented fields only, so that nothing a harness adds unasked reaches the event log.
 */
final class HarnessLineFields {

  /** A line that breaks the protocol; the message is the protocol error's reason. */
  static final class Invalid extends RuntimeException {
    Invalid(String reason) {
      // thrown for every bad line of a chatty harness: a stack trace would cost and say nothing
      super(reason, null, false, false);
    }
  }

  private static final List<String> OPTIONAL_COUNTS =
      List.of("cacheReadTokens", "cacheWriteTokens", "reasoningTokens");

  private HarnessLineFields() {}

  static HarnessLine read(JsonNode line) {
    if (!line.isObject()) {
      throw new Invalid("line is not a JSON object");
    }
    if (!wellFormed(line)) {
      // a JSON escape such as \ud800 can name half a character, which no UTF-8 writer accepts
      throw new Invalid("line has a string with half a surrogate pair");
    }
    String type = name(line, "type");
    return switch (type) {
      case "delta" -> output(new HarnessOutput.Delta(text(line, "text", MAX_DELTA_CHARS)));
      case "message" -> output(new HarnessOutput.Final(text(line, "text", MAX_TEXT_CHARS)));
      case "tool_call" -> output(new HarnessOutput.ToolCall(toolCall(line)));
      case "tool_result" -> output(new HarnessOutput.ToolResult(toolResult(line)));
      case "usage" -> output(new HarnessOutput.Usage(usage(line)));
      case "approval" -> output(new HarnessOutput.InteractionRequest("approval", approval(line)));
      case "clarification" ->
          output(
              new HarnessOutput.InteractionRequest(
                  "clarification",
                  object(Map.of("question", text(line, "question", MAX_TEXT_CHARS)))));
      case "elicitation" ->
          output(new HarnessOutput.InteractionRequest("elicitation", elicitation(line)));
      case "error" ->
          new HarnessLine.ReportedError(
              HarnessLines.excerpt(text(line, "message", MAX_TEXT_CHARS)));
      default -> throw new Invalid("unknown type '" + HarnessLines.excerpt(cut(type, 64)) + "'");
    };
  }

  private static boolean wellFormed(JsonNode node) {
    if (node.isString()) {
      return wellFormed(node.asString());
    }
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      if (!wellFormed(field.getKey()) || !wellFormed(field.getValue())) {
        return false;
      }
    }
    if (node.isArray()) {
      for (JsonNode element : node) {
        if (!wellFormed(element)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean wellFormed(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static HarnessLine output(HarnessOutput output) {
    return new HarnessLine.Output(output);
  }

  private static JsonNode toolCall(JsonNode line) {
    ObjectNode call = Json.object();
    call.put("id", name(line, "id"));
    call.put("name", name(line, "name"));
    call.set("input", optionalObject(line, "input"));
    return call;
  }

  private static JsonNode toolResult(JsonNode line) {
    ObjectNode result = Json.object();
    result.put("id", name(line, "id"));
    JsonNode output = line.get("output");
    result.set("output", output == null ? NullNode.getInstance() : output);
    JsonNode isError = line.get("isError");
    if (isError != null && !isError.isBoolean() && !isError.isNull()) {
      throw new Invalid("field 'isError' must be true or false");
    }
    result.put("isError", isError != null && isError.asBoolean(false));
    return result;
  }

  private static JsonNode usage(JsonNode line) {
    ObjectNode usage = Json.object();
    usage.put("inputTokens", count(line, "inputTokens"));
    usage.put("outputTokens", count(line, "outputTokens"));
    // the optional counters a run's usage is made of; any other field is noise and dropped
    for (String optional : OPTIONAL_COUNTS) {
      JsonNode value = line.get(optional);
      if (value != null && !value.isNull()) {
        usage.put(optional, count(line, optional));
      }
    }
    if (usage.path("reasoningTokens").asLong() > usage.path("outputTokens").asLong()) {
      throw new Invalid("field 'reasoningTokens' is part of 'outputTokens' and cannot exceed it");
    }
    return usage;
  }

  private static JsonNode approval(JsonNode line) {
    ObjectNode request = Json.object();
    request.put("tool", name(line, "tool"));
    request.set("input", optionalObject(line, "input"));
    JsonNode reason = line.get("reason");
    if (reason != null && !reason.isNull()) {
      request.put("reason", text(line, "reason", MAX_TEXT_CHARS));
    }
    return request;
  }

  private static JsonNode elicitation(JsonNode line) {
    ObjectNode request = Json.object();
    request.put("message", text(line, "message", MAX_TEXT_CHARS));
    request.set("schema", optionalObject(line, "schema"));
    return request;
  }

  private static String text(JsonNode line, String field, int max) {
    JsonNode value = line.get(field);
    if (value == null) {
      throw new Invalid("missing field '" + field + "'");
    }
    if (!value.isString()) {
      throw new Invalid("field '" + field + "' must be a string");
    }
    String text = value.asString();
    if (text.length() > max) {
      throw new Invalid("field '" + field + "' is longer than " + max + " characters");
    }
    return text;
  }

  private static String name(JsonNode line, String field) {
    String name = text(line, field, MAX_NAME_CHARS);
    if (name.isBlank()) {
      throw new Invalid("field '" + field + "' must not be blank");
    }
    return name;
  }

  private static JsonNode optionalObject(JsonNode line, String field) {
    JsonNode value = line.get(field);
    if (value == null || value.isNull()) {
      return Json.object();
    }
    if (!value.isObject()) {
      throw new Invalid("field '" + field + "' must be a JSON object");
    }
    return value;
  }

  private static long count(JsonNode line, String field) {
    JsonNode value = line.get(field);
    if (value == null) {
      throw new Invalid("missing field '" + field + "'");
    }
    if (!isCount(value)) {
      throw new Invalid("field '" + field + "' must be a whole number from 0 to 2^63-1");
    }
    return value.asLong();
  }

  private static boolean isCount(JsonNode value) {
    return value.isIntegralNumber() && value.canConvertToLong() && value.asLong() >= 0;
  }

  private static ObjectNode object(Map<String, String> fields) {
    ObjectNode node = Json.object();
    fields.forEach(node::put);
    return node;
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    return text.substring(0, Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max);
  }
}
