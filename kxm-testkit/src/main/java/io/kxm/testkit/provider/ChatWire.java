package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI Chat Completions bodies: {@code chat.completion.chunk} frames without event names (role
 * first, then content pieces, then per tool call a frame with its id and name followed by argument
 * pieces, then the {@code finish_reason} frame, a usage frame with empty {@code choices} when
 * {@code stream_options.include_usage} is set, and {@code data: [DONE]}), and the whole {@code
 * chat.completion} for {@code stream: false}.
 */
final class ChatWire {
  private ChatWire() {}

  static List<WireEvent> stream(Turn turn, String model, boolean includeUsage) {
    Chunks chunks =
        new Chunks(WireIds.next("chatcmpl-"), Instant.now().getEpochSecond(), model, includeUsage);
    ObjectNode first = Json.object().put("role", "assistant").put("content", "");
    first.putNull("refusal");
    chunks.delta(first, null);
    if (!turn.text().isEmpty()) {
      for (String piece : Turn.split(turn.text(), turn.pieces())) {
        chunks.delta(Json.object().put("content", piece), null);
      }
    }
    List<ToolCallIds> calls = ToolCallIds.assign(turn, "call_");
    for (int i = 0; i < calls.size(); i++) {
      ToolCallIds call = calls.get(i);
      ObjectNode opening = Json.object().put("index", i).put("id", call.callId());
      opening.put("type", "function");
      opening.putObject("function").put("name", call.name()).put("arguments", "");
      chunks.delta(toolCalls(opening), null);
      for (String piece : Turn.split(call.call().inputJson(), turn.pieces())) {
        ObjectNode part = Json.object().put("index", i);
        part.putObject("function").put("arguments", piece);
        chunks.delta(toolCalls(part), null);
      }
    }
    chunks.delta(Json.object(), finishReason(turn));
    if (includeUsage) {
      ObjectNode last = chunks.frame();
      last.putArray("choices");
      last.set("usage", usage(turn.usage()));
      chunks.events.add(WireEvent.unnamed(Json.write(last)));
    }
    chunks.events.add(WireEvent.unnamed("[DONE]"));
    return WireEvent.endedAs(
        turn.end(),
        chunks.events,
        (sent, message) -> WireEvent.unnamed(Json.write(ResponsesWire.error(500, message))));
  }

  static ObjectNode whole(Turn turn, String model) {
    ObjectNode body =
        Json.object()
            .put("id", WireIds.next("chatcmpl-"))
            .put("object", "chat.completion")
            .put("created", Instant.now().getEpochSecond())
            .put("model", model);
    ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
    ObjectNode message = choice.putObject("message").put("role", "assistant");
    if (turn.text().isEmpty()) {
      message.putNull("content");
    } else {
      message.put("content", turn.text());
    }
    message.putNull("refusal");
    if (turn.callsTools()) {
      ArrayNode calls = message.putArray("tool_calls");
      for (ToolCallIds call : ToolCallIds.assign(turn, "call_")) {
        ObjectNode node = calls.addObject().put("id", call.callId()).put("type", "function");
        node.putObject("function")
            .put("name", call.name())
            .put("arguments", call.call().inputJson());
      }
    }
    choice.putNull("logprobs").put("finish_reason", finishReason(turn));
    body.set("usage", usage(turn.usage()));
    return body;
  }

  private static String finishReason(Turn turn) {
    return turn.callsTools() ? "tool_calls" : "stop";
  }

  private static ObjectNode toolCalls(ObjectNode call) {
    ObjectNode delta = Json.object();
    delta.putArray("tool_calls").add(call);
    return delta;
  }

  private static ObjectNode usage(Usage usage) {
    return Json.object()
        .put("prompt_tokens", usage.inputTokens())
        .put("completion_tokens", usage.outputTokens())
        .put("total_tokens", usage.total());
  }

  /** Frames sharing one completion id, creation time and model, as the API sends them. */
  private static final class Chunks {
    private final List<WireEvent> events = new ArrayList<>();
    private final String id;
    private final long created;
    private final String model;
    private final boolean includeUsage;

    Chunks(String id, long created, String model, boolean includeUsage) {
      this.id = id;
      this.created = created;
      this.model = model;
      this.includeUsage = includeUsage;
    }

    ObjectNode frame() {
      ObjectNode frame =
          Json.object()
              .put("id", id)
              .put("object", "chat.completion.chunk")
              .put("created", created)
              .put("model", model);
      frame.put("system_fingerprint", "fp_kxmfake");
      return frame;
    }

    void delta(ObjectNode delta, String finishReason) {
      ObjectNode frame = frame();
      ObjectNode choice = frame.putArray("choices").addObject().put("index", 0);
      choice.set("delta", delta);
      choice.putNull("logprobs");
      choice.put("finish_reason", finishReason);
      if (includeUsage) {
        frame.putNull("usage");
      }
      events.add(WireEvent.unnamed(Json.write(frame)));
    }
  }
}
