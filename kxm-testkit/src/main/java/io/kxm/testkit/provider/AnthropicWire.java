package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Anthropic Messages bodies: the streamed event sequence ({@code message_start}, then per content
 * block {@code content_block_start}, deltas and {@code content_block_stop}, then {@code
 * message_delta} and {@code message_stop}, with a {@code ping} after the first block start), the
 * whole message for {@code stream: false}, and the error body.
 */
final class AnthropicWire {
  private AnthropicWire() {}

  static List<WireEvent> stream(Turn turn, String model) {
    List<ToolCallIds> calls = ToolCallIds.assign(turn, "toolu_");
    ObjectNode start = message(WireIds.next("msg_"), model, Json.MAPPER.createArrayNode());
    start.putNull("stop_reason");
    start.set("usage", usage(turn.usage().inputTokens(), 1));
    List<WireEvent> events = new ArrayList<>();
    events.add(WireEvent.named("message_start", typed("message_start").set("message", start)));
    int index = 0;
    if (!turn.text().isEmpty()) {
      ObjectNode block = Json.object().put("type", "text").put("text", "");
      events.add(blockStart(index, block));
      events.add(WireEvent.named("ping", typed("ping")));
      for (String piece : Turn.split(turn.text(), turn.pieces())) {
        events.add(blockDelta(index, Json.object().put("type", "text_delta").put("text", piece)));
      }
      events.add(blockStop(index++));
    }
    for (ToolCallIds call : calls) {
      ObjectNode block =
          Json.object().put("type", "tool_use").put("id", call.callId()).put("name", call.name());
      block.putObject("input");
      events.add(blockStart(index, block));
      if (index == 0) {
        events.add(WireEvent.named("ping", typed("ping")));
      }
      for (String piece : Turn.split(call.call().inputJson(), turn.pieces())) {
        events.add(
            blockDelta(
                index, Json.object().put("type", "input_json_delta").put("partial_json", piece)));
      }
      events.add(blockStop(index++));
    }
    ObjectNode delta = typed("message_delta");
    delta.putObject("delta").put("stop_reason", stopReason(turn)).putNull("stop_sequence");
    delta.putObject("usage").put("output_tokens", turn.usage().outputTokens());
    events.add(WireEvent.named("message_delta", delta));
    events.add(WireEvent.named("message_stop", typed("message_stop")));
    return WireEvent.endedAs(
        turn.end(), events, (sent, message) -> WireEvent.named("error", error(529, message)));
  }

  static ObjectNode whole(Turn turn, String model) {
    ArrayNode content = Json.MAPPER.createArrayNode();
    if (!turn.text().isEmpty()) {
      content.addObject().put("type", "text").put("text", turn.text());
    }
    for (ToolCallIds call : ToolCallIds.assign(turn, "toolu_")) {
      content
          .addObject()
          .put("type", "tool_use")
          .put("id", call.callId())
          .put("name", call.name())
          .set("input", call.call().input());
    }
    ObjectNode message = message(WireIds.next("msg_"), model, content);
    message.put("stop_reason", stopReason(turn));
    message.set("usage", usage(turn.usage().inputTokens(), turn.usage().outputTokens()));
    return message;
  }

  static ObjectNode error(int status, String message) {
    ObjectNode body = typed("error");
    body.putObject("error").put("type", errorType(status)).put("message", message);
    return body;
  }

  static ObjectNode models(List<String> ids) {
    ObjectNode body = Json.object();
    ArrayNode data = body.putArray("data");
    for (String id : ids) {
      data.addObject()
          .put("type", "model")
          .put("id", id)
          .put("display_name", id)
          .put("created_at", "2025-01-01T00:00:00Z");
    }
    body.put("has_more", false);
    body.put("first_id", ids.isEmpty() ? null : ids.getFirst());
    body.put("last_id", ids.isEmpty() ? null : ids.getLast());
    return body;
  }

  private static String errorType(int status) {
    return switch (status) {
      case 400 -> "invalid_request_error";
      case 401 -> "authentication_error";
      case 403 -> "permission_error";
      case 404 -> "not_found_error";
      case 413 -> "request_too_large";
      case 429 -> "rate_limit_error";
      case 529 -> "overloaded_error";
      default -> status >= 500 ? "api_error" : "invalid_request_error";
    };
  }

  private static String stopReason(Turn turn) {
    return turn.callsTools() ? "tool_use" : "end_turn";
  }

  private static ObjectNode message(String id, String model, ArrayNode content) {
    ObjectNode message =
        Json.object().put("id", id).put("type", "message").put("role", "assistant");
    message.put("model", model);
    message.set("content", content);
    message.putNull("stop_sequence");
    return message;
  }

  private static ObjectNode usage(int input, int output) {
    return Json.object()
        .put("input_tokens", input)
        .put("cache_creation_input_tokens", 0)
        .put("cache_read_input_tokens", 0)
        .put("output_tokens", output);
  }

  private static ObjectNode typed(String type) {
    return Json.object().put("type", type);
  }

  private static WireEvent blockStart(int index, ObjectNode block) {
    ObjectNode event = typed("content_block_start").put("index", index);
    event.set("content_block", block);
    return WireEvent.named("content_block_start", event);
  }

  private static WireEvent blockDelta(int index, ObjectNode delta) {
    ObjectNode event = typed("content_block_delta").put("index", index);
    event.set("delta", delta);
    return WireEvent.named("content_block_delta", event);
  }

  private static WireEvent blockStop(int index) {
    return WireEvent.named("content_block_stop", typed("content_block_stop").put("index", index));
  }
}
