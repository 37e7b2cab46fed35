package io.kxm.hub.a2a;

import io.kxm.core.agent.Agent;
import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON-RPC side of the endpoint: reads a call, says which wire version its method belongs to,
 * and runs it. Both versions' methods are served side by side; an {@code A2A-Version} header, when
 * sent, must name one of them.
 */
final class A2aRpc {
  private final A2aTasks tasks;

  A2aRpc(A2aTasks tasks) {
    this.tasks = tasks;
  }

  /** What a call does, whichever version names it. */
  enum Kind {
    SEND,
    SEND_STREAMING,
    GET,
    CANCEL,
    SUBSCRIBE
  }

  /** One checked call. */
  record Call(JsonNode id, String method, JsonNode params, A2aWire wire, Kind kind) {
    boolean streams() {
      return kind == Kind.SEND_STREAMING || kind == Kind.SUBSCRIBE;
    }
  }

  Call read(JsonNode body, String versionHeader) {
    if (body == null || !body.isObject()) {
      throw new A2aError(A2aError.INVALID_REQUEST, "the body must be one JSON-RPC request object");
    }
    if (!"2.0".equals(body.path("jsonrpc").asString(null))) {
      throw new A2aError(A2aError.INVALID_REQUEST, "jsonrpc must be \"2.0\"");
    }
    JsonNode id = body.path("id");
    if (!(id.isString() || id.isIntegralNumber() || id.isNull())) {
      throw new A2aError(
          A2aError.INVALID_REQUEST,
          "id must be a string or an integer; notifications are not taken");
    }
    if (!body.path("method").isString()) {
      throw new A2aError(A2aError.INVALID_REQUEST, "method must be a string");
    }
    versionOf(versionHeader);
    String method = body.path("method").asString();
    JsonNode params = body.path("params");
    if (!params.isObject()) {
      throw new A2aError(A2aError.INVALID_PARAMS, "params must be an object");
    }
    return switch (method) {
      case "SendMessage" -> new Call(id, method, params, WireV1.INSTANCE, Kind.SEND);
      case "SendStreamingMessage" ->
          new Call(id, method, params, WireV1.INSTANCE, Kind.SEND_STREAMING);
      case "GetTask" -> new Call(id, method, params, WireV1.INSTANCE, Kind.GET);
      case "CancelTask" -> new Call(id, method, params, WireV1.INSTANCE, Kind.CANCEL);
      case "SubscribeToTask" -> new Call(id, method, params, WireV1.INSTANCE, Kind.SUBSCRIBE);
      case "message/send" -> new Call(id, method, params, WireV03.INSTANCE, Kind.SEND);
      case "message/stream" -> new Call(id, method, params, WireV03.INSTANCE, Kind.SEND_STREAMING);
      case "tasks/get" -> new Call(id, method, params, WireV03.INSTANCE, Kind.GET);
      case "tasks/cancel" -> new Call(id, method, params, WireV03.INSTANCE, Kind.CANCEL);
      case "tasks/resubscribe" -> new Call(id, method, params, WireV03.INSTANCE, Kind.SUBSCRIBE);
      default -> throw unknown(method);
    };
  }

  /** The answer to a call that does not stream. */
  ObjectNode answer(Call call, Agent agent) {
    A2aTask task =
        switch (call.kind()) {
          case SEND ->
              tasks.send(
                  agent.project(),
                  agent.name(),
                  call.wire().message(call.params()),
                  call.wire().blocking(call.params()));
          case GET -> tasks.get(agent.project(), agent.name(), call.wire().taskId(call.params()));
          case CANCEL ->
              tasks.cancel(agent.project(), agent.name(), call.wire().taskId(call.params()));
          case SEND_STREAMING, SUBSCRIBE -> throw new IllegalArgumentException("a stream");
        };
    JsonNode result = call.kind() == Kind.SEND ? call.wire().sent(task) : call.wire().task(task);
    return success(call.id(), result);
  }

  /** The task a streaming call follows: sent now, or the one it subscribes to. */
  A2aTask open(Call call, Agent agent) {
    if (call.kind() == Kind.SEND_STREAMING) {
      Incoming message = call.wire().message(call.params());
      return tasks.send(agent.project(), agent.name(), message, false);
    }
    return tasks.get(agent.project(), agent.name(), call.wire().taskId(call.params()));
  }

  /** One stream event's data: a JSON-RPC response carrying {@code payload}. */
  String result(Call call, JsonNode payload) {
    return Json.write(success(call.id(), payload));
  }

  static ObjectNode success(JsonNode id, JsonNode result) {
    ObjectNode response = Json.object();
    response.put("jsonrpc", "2.0");
    response.set("id", id);
    response.set("result", result);
    return response;
  }

  static ObjectNode error(JsonNode id, A2aError e) {
    ObjectNode response = Json.object();
    response.put("jsonrpc", "2.0");
    response.set("id", id);
    ObjectNode error = response.putObject("error");
    error.put("code", e.code());
    error.put("message", e.getMessage());
    return response;
  }

  /** The id of a request body, when it has a usable one; null otherwise, as JSON-RPC asks. */
  static JsonNode idOf(JsonNode body) {
    JsonNode id = body == null ? NullNode.getInstance() : body.path("id");
    return id.isString() || id.isIntegralNumber() ? id : NullNode.getInstance();
  }

  /**
   * The wire version an {@code A2A-Version} header names, or null when there is none.
   *
   * @throws A2aError for a version this hub does not serve
   */
  static A2aWire versionOf(String header) {
    if (header == null || header.isBlank()) {
      return null;
    }
    String version = header.strip();
    if (version.equals("1") || version.startsWith("1.")) {
      return WireV1.INSTANCE;
    }
    if (version.equals("0.3") || version.startsWith("0.3.")) {
      return WireV03.INSTANCE;
    }
    throw new A2aError(
        A2aError.VERSION_NOT_SUPPORTED,
        "A2A version '" + shown(version) + "' is not served; this hub speaks 1.0 and 0.3");
  }

  private static String shown(String version) {
    return version.length() > 20 ? version.substring(0, 20) + "…" : version;
  }

  private static A2aError unknown(String method) {
    if (method.contains("PushNotification") || method.startsWith("tasks/pushNotification")) {
      return new A2aError(
          A2aError.PUSH_NOTIFICATION_NOT_SUPPORTED,
          "push notifications are not offered; follow a task with SubscribeToTask instead");
    }
    return new A2aError(
        A2aError.METHOD_NOT_FOUND,
        "method '"
            + shown(method)
            + "' is not served; use SendMessage, SendStreamingMessage, GetTask, CancelTask,"
            + " SubscribeToTask or their 0.3 names");
  }
}
