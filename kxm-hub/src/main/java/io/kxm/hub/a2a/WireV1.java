package io.kxm.hub.a2a;

import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A2A 1.0: PascalCase methods, protobuf-style JSON, enums such as {@code TASK_STATE_WORKING}. */
final class WireV1 implements A2aWire {
  static final WireV1 INSTANCE = new WireV1();

  private WireV1() {}

  @Override
  public String version() {
    return "1.0";
  }

  @Override
  public String userRole() {
    return "ROLE_USER";
  }

  @Override
  public String part(JsonNode part) {
    if (part.path("text").isString()) {
      return part.path("text").asString();
    }
    if (part.has("data")) {
      return A2aWire.data(part.path("data"));
    }
    if (part.has("raw") || part.has("url")) {
      throw A2aWire.file();
    }
    throw new A2aError(A2aError.INVALID_PARAMS, "a part holds text, data, raw or url");
  }

  @Override
  public boolean blocking(JsonNode params) {
    return !params.path("configuration").path("returnImmediately").asBoolean(false);
  }

  @Override
  public ObjectNode task(A2aTask task) {
    ObjectNode node = Json.object();
    node.put("id", task.id());
    node.put("contextId", task.contextId());
    node.set("status", status(task, task.stage(), task.state()));
    ArrayNode history = node.putArray("history");
    history.add(message(task, task.id() + ":request", "ROLE_USER", task.request()));
    if (task.reply() != null) {
      history.add(reply(task));
      ObjectNode artifact = node.putArray("artifacts").addObject();
      artifact.put("artifactId", task.id() + ":reply");
      artifact.put("name", "reply");
      artifact.putArray("parts").addObject().put("text", task.reply());
    }
    node.putObject("metadata").put(EVENT_ID, String.valueOf(task.stage()));
    return node;
  }

  @Override
  public JsonNode sent(A2aTask task) {
    ObjectNode node = Json.object();
    node.set("task", task(task));
    return node;
  }

  @Override
  public JsonNode streamStart(A2aTask task) {
    return sent(task);
  }

  @Override
  public JsonNode streamUpdate(A2aTask task, int stage) {
    ObjectNode update = Json.object();
    update.put("taskId", task.id());
    update.put("contextId", task.contextId());
    update.set("status", status(task, stage, task.stateAt(stage)));
    update.putObject("metadata").put(EVENT_ID, String.valueOf(stage));
    ObjectNode node = Json.object();
    node.set("statusUpdate", update);
    return node;
  }

  private static ObjectNode status(A2aTask task, int stage, TaskState state) {
    ObjectNode status = Json.object();
    status.put("state", state.v1());
    if (stage == task.stage()) {
      status.put("timestamp", task.at().toString());
      if (task.reply() != null) {
        status.set("message", reply(task));
      } else if (task.reason() != null) {
        status.set("message", message(task, task.id() + ":status", "ROLE_AGENT", task.reason()));
      }
    }
    return status;
  }

  private static ObjectNode reply(A2aTask task) {
    return message(task, task.id() + ":reply", "ROLE_AGENT", task.reply());
  }

  private static ObjectNode message(A2aTask task, String id, String role, String text) {
    ObjectNode message = Json.object();
    message.put("messageId", id);
    message.put("contextId", task.contextId());
    message.put("taskId", task.id());
    message.put("role", role);
    message.putArray("parts").addObject().put("text", text);
    return message;
  }

  @Override
  public ObjectNode card(CardFacts facts) {
    ObjectNode card = Json.object();
    card.put("name", facts.name());
    card.put("description", facts.description());
    ArrayNode interfaces = card.putArray("supportedInterfaces");
    for (String version : new String[] {"1.0", "0.3"}) {
      ObjectNode one = interfaces.addObject();
      one.put("url", facts.url());
      one.put("protocolBinding", "JSONRPC");
      one.put("protocolVersion", version);
    }
    card.put("version", facts.version());
    ObjectNode capabilities = card.putObject("capabilities");
    capabilities.put("streaming", true);
    capabilities.put("pushNotifications", false);
    card.putObject("securitySchemes")
        .putObject("projectToken")
        .putObject("httpAuthSecurityScheme")
        .put("scheme", "Bearer")
        .put("description", "the hub's token for this project");
    card.putArray("securityRequirements")
        .addObject()
        .putObject("schemes")
        .putObject("projectToken")
        .putArray("list");
    A2aWire.skills(card, facts);
    return card;
  }
}
