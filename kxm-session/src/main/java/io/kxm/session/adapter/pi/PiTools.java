package io.kxm.session.adapter.pi;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.session.api.HarnessOutput;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Pi's tool executions as tool calls and results, with the output kept short and redacted. */
final class PiTools {
  /** Tool output kept in a result event; a command can print far more than a person reads. */
  static final int MAX_OUTPUT_CHARS = 64 * 1024;

  private PiTools() {}

  static List<HarnessOutput> call(JsonNode event) {
    if (!event.path("toolCallId").isString()) {
      return List.of(new HarnessOutput.ProtocolError("tool execution without a toolCallId", ""));
    }
    JsonNode args = event.path("args");
    ObjectNode call =
        Json.object()
            .put("id", event.path("toolCallId").asString())
            .put("name", event.path("toolName").asString(""));
    call.set("input", args.isObject() ? args : Json.object());
    return List.of(new HarnessOutput.ToolCall(call));
  }

  static List<HarnessOutput> result(JsonNode event) {
    if (!event.path("toolCallId").isString()) {
      return List.of(new HarnessOutput.ProtocolError("tool execution without a toolCallId", ""));
    }
    String output = PiText.of(event.path("result"));
    if (output.length() > MAX_OUTPUT_CHARS) {
      int end = MAX_OUTPUT_CHARS;
      output =
          output.substring(0, Character.isHighSurrogate(output.charAt(end - 1)) ? end - 1 : end);
    }
    ObjectNode result =
        Json.object()
            .put("id", event.path("toolCallId").asString())
            .put("output", Redactor.redact(output))
            .put("isError", event.path("isError").asBoolean(false));
    return List.of(new HarnessOutput.ToolResult(result));
  }
}
