package io.kxm.session.adapter.codex;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLines;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The items of a Codex turn as harness outputs. An {@code agent_message} streams as deltas (Codex
 * sends a message whole or growing, never as pieces) and the last one is the turn's answer; a
 * {@code command_execution}, {@code mcp_tool_call}, {@code file_change} or {@code web_search} is a
 * tool call when it starts and a tool result when it completes. Reasoning, plans and warnings are
 * not part of the session's record.
 */
final class CodexItems {
  /** Tool output kept in a result event; a command can print far more than a person reads. */
  static final int MAX_TOOL_OUTPUT_CHARS = 64 * 1024;

  private final Map<String, Integer> streamed = new HashMap<>();
  private final Set<String> called = new HashSet<>();
  private String lastMessage;

  List<HarnessOutput> started(JsonNode item) {
    return switch (item.path("type").asString()) {
      case "agent_message" -> message(item, false);
      case "command_execution", "mcp_tool_call", "file_change", "web_search" -> call(item);
      default -> List.of();
    };
  }

  List<HarnessOutput> updated(JsonNode item) {
    return started(item);
  }

  List<HarnessOutput> completed(JsonNode item) {
    String type = item.path("type").asString();
    return switch (type) {
      case "agent_message" -> message(item, true);
      case "command_execution", "mcp_tool_call", "file_change", "web_search" -> {
        List<HarnessOutput> out = new ArrayList<>(call(item));
        called.remove(item.path("id").asString());
        out.add(new HarnessOutput.ToolResult(result(type, item)));
        yield out;
      }
      default -> List.of();
    };
  }

  /** The text of the turn's last non-blank agent message. */
  Optional<String> lastMessage() {
    return Optional.ofNullable(lastMessage);
  }

  private List<HarnessOutput> message(JsonNode item, boolean complete) {
    String id = item.path("id").asString();
    String text = item.path("text").asString("");
    int sent = streamed.getOrDefault(id, 0);
    if (sent > text.length()) {
      sent = 0; // Codex rewrote the message; the new text streams from its start
    }
    List<HarnessOutput> out = new ArrayList<>();
    // Blanks alone say nothing: they are held back, so that a turn of blanks reads as the silent
    // failure it is, and stream with the first words.
    if (!text.isBlank()) {
      for (int at = sent; at < text.length(); ) {
        int end = Math.min(text.length(), at + HarnessLines.MAX_DELTA_CHARS);
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
          end--;
        }
        out.add(new HarnessOutput.Delta(text.substring(at, end)));
        at = end;
      }
      sent = text.length();
    }
    if (complete) {
      streamed.remove(id);
      if (!text.isBlank()) {
        lastMessage = cut(text, HarnessLines.MAX_TEXT_CHARS);
      }
    } else {
      streamed.put(id, sent);
    }
    return out;
  }

  private List<HarnessOutput> call(JsonNode item) {
    String id = item.path("id").asString();
    if (!called.add(id)) {
      return List.of();
    }
    ObjectNode call = Json.object().put("id", id);
    switch (item.path("type").asString()) {
      case "command_execution" -> {
        call.put("name", "shell");
        call.putObject("input").put("command", item.path("command").asString(""));
      }
      case "mcp_tool_call" -> {
        call.put(
            "name",
            "mcp__" + item.path("server").asString("") + "__" + item.path("tool").asString(""));
        JsonNode arguments = item.path("arguments");
        call.set("input", arguments.isObject() ? arguments : Json.object());
      }
      case "file_change" -> {
        call.put("name", "apply_patch");
        JsonNode changes = item.path("changes");
        call.putObject("input")
            .set("changes", changes.isArray() ? changes : Json.MAPPER.createArrayNode());
      }
      default -> {
        call.put("name", "web_search");
        call.putObject("input").put("query", item.path("query").asString(""));
      }
    }
    return List.of(new HarnessOutput.ToolCall(call));
  }

  private static ObjectNode result(String type, JsonNode item) {
    String status = item.path("status").asString("completed");
    boolean failed = status.equals("failed") || status.equals("declined");
    String output =
        switch (type) {
          case "command_execution" -> {
            JsonNode exit = item.path("exit_code");
            failed |= exit.isIntegralNumber() && (!exit.canConvertToLong() || exit.asLong() != 0);
            yield item.path("aggregated_output").asString("");
          }
          case "mcp_tool_call" -> mcpOutput(item);
          case "file_change" ->
              item.path("changes").isArray() ? Json.write(item.path("changes")) : "";
          default -> "";
        };
    return Json.object()
        .put("id", item.path("id").asString())
        .put("output", Redactor.redact(cut(output, MAX_TOOL_OUTPUT_CHARS)))
        .put("isError", failed);
  }

  private static String mcpOutput(JsonNode item) {
    JsonNode error = item.path("error");
    if (error.isObject() && error.path("message").isString()) {
      return error.path("message").asString();
    }
    JsonNode result = item.path("result");
    StringBuilder text = new StringBuilder();
    for (JsonNode part : result.path("content")) {
      if (part.path("type").asString("").equals("text")) {
        text.append(text.isEmpty() ? "" : "\n").append(part.path("text").asString(""));
      }
    }
    if (!text.isEmpty()) {
      return text.toString();
    }
    return result.isMissingNode() || result.isNull() ? "" : Json.write(result);
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    return text.substring(0, end);
  }
}
