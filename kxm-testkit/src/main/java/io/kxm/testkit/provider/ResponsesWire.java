package io.kxm.testkit.provider;

import io.kxm.core.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI Responses bodies: the streamed events, each with its {@code type} and a {@code
 * sequence_number} counting from 0, the whole response for {@code stream: false}, and the shared
 * OpenAI error body. A message item comes first, then one {@code function_call} item per tool call.
 * A call of {@code <namespace>__<tool>}, where the request offered a {@code namespace} tool of that
 * name (as Codex offers each MCP server's tools), carries {@code namespace} and the bare tool name,
 * as the Responses API sends it.
 */
final class ResponsesWire {
  private ResponsesWire() {}

  static List<WireEvent> stream(Turn turn, String model) {
    return stream(turn, model, Set.of());
  }

  /**
   * @param namespaces the names of the {@code namespace} tools the request offered
   */
  static List<WireEvent> stream(Turn turn, String model, Set<String> namespaces) {
    String responseId = WireIds.next("resp_");
    long createdAt = Instant.now().getEpochSecond();
    Events events = new Events();
    ObjectNode pending = response(responseId, createdAt, model, "in_progress");
    events.add("response.created", Json.object().set("response", pending));
    events.add("response.in_progress", Json.object().set("response", pending.deepCopy()));
    ArrayNode output = Json.MAPPER.createArrayNode();
    int index = 0;
    if (!turn.text().isEmpty()) {
      String itemId = WireIds.next("msg_");
      ObjectNode item = messageItem(itemId, "in_progress");
      events.add("response.output_item.added", at(index).set("item", item));
      ObjectNode part = textPart("");
      events.add("response.content_part.added", partAt(itemId, index).set("part", part));
      for (String piece : Turn.split(turn.text(), turn.pieces())) {
        events.add(
            "response.output_text.delta",
            partAt(itemId, index)
                .put("delta", piece)
                .set("logprobs", Json.MAPPER.createArrayNode()));
      }
      events.add(
          "response.output_text.done",
          partAt(itemId, index)
              .put("text", turn.text())
              .set("logprobs", Json.MAPPER.createArrayNode()));
      ObjectNode donePart = textPart(turn.text());
      events.add("response.content_part.done", partAt(itemId, index).set("part", donePart));
      ObjectNode done = messageItem(itemId, "completed");
      done.withArray("content").add(donePart.deepCopy());
      events.add("response.output_item.done", at(index++).set("item", done));
      output.add(done.deepCopy());
    }
    for (ToolCallIds call : ToolCallIds.assign(turn, "call_")) {
      ObjectNode item = functionCall(call, "", "in_progress", namespaces);
      events.add("response.output_item.added", at(index).set("item", item));
      for (String piece : Turn.split(call.call().inputJson(), turn.pieces())) {
        events.add(
            "response.function_call_arguments.delta",
            at(index).put("item_id", call.itemId()).put("delta", piece));
      }
      events.add(
          "response.function_call_arguments.done",
          at(index)
              .put("item_id", call.itemId())
              .put("name", Namespaced.of(call.name(), namespaces).name())
              .put("arguments", call.call().inputJson()));
      ObjectNode done = functionCall(call, call.call().inputJson(), "completed", namespaces);
      events.add("response.output_item.done", at(index++).set("item", done));
      output.add(done.deepCopy());
    }
    ObjectNode completed = response(responseId, createdAt, model, "completed");
    completed.set("output", output);
    completed.set("usage", usage(turn.usage()));
    events.add("response.completed", Json.object().set("response", completed));
    return WireEvent.endedAs(
        turn.end(),
        events.list,
        (sequence, message) -> failed(responseId, createdAt, model, message, sequence));
  }

  private static WireEvent failed(
      String responseId, long createdAt, String model, String message, int sequenceNumber) {
    ObjectNode response = response(responseId, createdAt, model, "failed");
    response.putObject("error").put("code", "server_error").put("message", message);
    ObjectNode event = Json.object().put("type", "response.failed");
    event.set("response", response);
    event.put("sequence_number", sequenceNumber);
    return WireEvent.named("response.failed", event);
  }

  static ObjectNode whole(Turn turn, String model) {
    return whole(turn, model, Set.of());
  }

  static ObjectNode whole(Turn turn, String model, Set<String> namespaces) {
    ObjectNode response =
        response(WireIds.next("resp_"), Instant.now().getEpochSecond(), model, "completed");
    ArrayNode output = response.putArray("output");
    if (!turn.text().isEmpty()) {
      ObjectNode item = messageItem(WireIds.next("msg_"), "completed");
      item.withArray("content").add(textPart(turn.text()));
      output.add(item);
    }
    for (ToolCallIds call : ToolCallIds.assign(turn, "call_")) {
      output.add(functionCall(call, call.call().inputJson(), "completed", namespaces));
    }
    response.set("usage", usage(turn.usage()));
    return response;
  }

  /** The OpenAI error body, shared by Responses and Chat Completions. */
  static ObjectNode error(int status, String message) {
    ObjectNode body = Json.object();
    ObjectNode error = body.putObject("error").put("message", message);
    switch (status) {
      case 401 ->
          error
              .put("type", "invalid_request_error")
              .putNull("param")
              .put("code", "invalid_api_key");
      case 429 -> error.put("type", "requests").putNull("param").put("code", "rate_limit_exceeded");
      case 404 ->
          error.put("type", "invalid_request_error").putNull("param").put("code", "not_found");
      default -> {
        error.put("type", status >= 500 ? "server_error" : "invalid_request_error");
        error.putNull("param").putNull("code");
      }
    }
    return body;
  }

  static ObjectNode models(List<String> ids) {
    ObjectNode body = Json.object().put("object", "list");
    ArrayNode data = body.putArray("data");
    for (String id : ids) {
      data.addObject()
          .put("id", id)
          .put("object", "model")
          .put("created", 1735689600L)
          .put("owned_by", "kxm-fake-provider");
    }
    return body;
  }

  private static ObjectNode response(String id, long createdAt, String model, String status) {
    ObjectNode response =
        Json.object()
            .put("id", id)
            .put("object", "response")
            .put("created_at", createdAt)
            .put("status", status);
    response.putNull("error").putNull("incomplete_details").putNull("instructions");
    response.putNull("max_output_tokens").put("model", model);
    response.putArray("output");
    response.put("parallel_tool_calls", true).putNull("previous_response_id");
    response.put("store", false).put("tool_choice", "auto");
    response.putArray("tools");
    response.putNull("usage");
    response.putObject("metadata");
    return response;
  }

  private static ObjectNode messageItem(String id, String status) {
    ObjectNode item =
        Json.object()
            .put("id", id)
            .put("type", "message")
            .put("status", status)
            .put("role", "assistant");
    item.putArray("content");
    return item;
  }

  private static ObjectNode textPart(String text) {
    ObjectNode part = Json.object().put("type", "output_text").put("text", text);
    part.putArray("annotations");
    return part;
  }

  private static ObjectNode functionCall(
      ToolCallIds call, String arguments, String status, Set<String> namespaces) {
    Namespaced named = Namespaced.of(call.name(), namespaces);
    ObjectNode item =
        Json.object()
            .put("id", call.itemId())
            .put("type", "function_call")
            .put("status", status)
            .put("arguments", arguments)
            .put("call_id", call.callId())
            .put("name", named.name());
    if (named.namespace() != null) {
      item.put("namespace", named.namespace());
    }
    return item;
  }

  /**
   * A tool's name as the Responses API sends it: inside its namespace, or flat when it has none.
   */
  record Namespaced(String namespace, String name) {
    static Namespaced of(String scripted, Set<String> namespaces) {
      for (String namespace : namespaces) {
        String prefix = namespace + "__";
        if (scripted.startsWith(prefix) && scripted.length() > prefix.length()) {
          return new Namespaced(namespace, scripted.substring(prefix.length()));
        }
      }
      return new Namespaced(null, scripted);
    }
  }

  private static ObjectNode usage(Usage usage) {
    ObjectNode node = Json.object().put("input_tokens", usage.inputTokens());
    node.putObject("input_tokens_details").put("cached_tokens", 0);
    node.put("output_tokens", usage.outputTokens());
    node.putObject("output_tokens_details").put("reasoning_tokens", 0);
    node.put("total_tokens", usage.total());
    return node;
  }

  private static ObjectNode at(int outputIndex) {
    return Json.object().put("output_index", outputIndex);
  }

  private static ObjectNode partAt(String itemId, int outputIndex) {
    return Json.object()
        .put("item_id", itemId)
        .put("output_index", outputIndex)
        .put("content_index", 0);
  }

  /** Puts {@code type} first and numbers the events in order, as the API does. */
  private static final class Events {
    private final List<WireEvent> list = new ArrayList<>();

    void add(String type, ObjectNode fields) {
      ObjectNode event = Json.object().put("type", type);
      event.setAll(fields);
      event.put("sequence_number", list.size());
      list.add(WireEvent.named(type, event));
    }
  }
}
