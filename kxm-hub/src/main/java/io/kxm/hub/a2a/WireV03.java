package io.kxm.hub.a2a;

import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A2A 0.3: slash-separated methods, objects tagged by {@code kind}, lower-case states. */
final class WireV03 implements A2aWire {
  static final WireV03 INSTANCE = new WireV03();
  private static final String DATA_PART = "data";

  private WireV03() {}

  @Override
  public String version() {
    return "0.3.0";
  }

  @Override
  public String userRole() {
    return "user";
  }

  @Override
  public String part(JsonNode part) {
    return switch (part.path("kind").asString("")) {
      case "text" -> {
        if (!part.path("text").isString()) {
          throw new A2aError(A2aError.INVALID_PARAMS, "a text part holds text (a string)");
        }
        yield part.path("text").asString();
      }
      case DATA_PART -> A2aWire.data(part.path(DATA_PART));
      case "file" -> throw A2aWire.file();
      default -> throw new A2aError(A2aError.INVALID_PARAMS, "a part's kind is text, data or file");
    };
  }

  @Override
  public boolean blocking(JsonNode params) {
    return params.path("configuration").path("blocking").asBoolean(false);
  }

  @Override
  public ObjectNode task(A2aTask task) {
    ObjectNode node = Json.object();
    node.put("kind", "task");
    node.put("id", task.id());
    node.put("contextId", task.contextId());
    node.set("status", status(task, task.stage(), task.state()));
    ArrayNode history = node.putArray("history");
    history.add(message(task, task.id() + ":request", "user", task.request()));
    if (task.reply() != null) {
      history.add(message(task, task.id() + ":reply", "agent", task.reply()));
      ObjectNode artifact = node.putArray("artifacts").addObject();
      artifact.put("artifactId", task.id() + ":reply");
      artifact.put("name", "reply");
      textParts(artifact, task.reply());
    }
    node.putObject("metadata").put(EVENT_ID, String.valueOf(task.stage()));
    return node;
  }

  @Override
  public JsonNode sent(A2aTask task) {
    return task(task);
  }

  @Override
  public JsonNode streamStart(A2aTask task) {
    return task(task);
  }

  @Override
  public JsonNode streamUpdate(A2aTask task, int stage) {
    ObjectNode update = Json.object();
    update.put("kind", "status-update");
    update.put("taskId", task.id());
    update.put("contextId", task.contextId());
    TaskState state = task.stateAt(stage);
    update.set("status", status(task, stage, state));
    update.put("final", state.isFinal());
    update.putObject("metadata").put(EVENT_ID, String.valueOf(stage));
    return update;
  }

  private static ObjectNode status(A2aTask task, int stage, TaskState state) {
    ObjectNode status = Json.object();
    status.put("state", state.v03());
    if (stage == task.stage()) {
      status.put("timestamp", task.at().toString());
      if (task.reply() != null) {
        status.set("message", message(task, task.id() + ":reply", "agent", task.reply()));
      } else if (task.reason() != null) {
        status.set("message", message(task, task.id() + ":status", "agent", task.reason()));
      }
    }
    return status;
  }

  private static ObjectNode message(A2aTask task, String id, String role, String text) {
    ObjectNode message = Json.object();
    message.put("kind", "message");
    message.put("messageId", id);
    message.put("contextId", task.contextId());
    message.put("taskId", task.id());
    message.put("role", role);
    textParts(message, text);
    return message;
  }

  private static void textParts(ObjectNode holder, String text) {
    ObjectNode part = holder.putArray("parts").addObject();
    part.put("kind", "text");
    part.put("text", text);
  }

  @Override
  public ObjectNode card(CardFacts facts) {
    ObjectNode card = Json.object();
    card.put("protocolVersion", version());
    card.put("name", facts.name());
    card.put("description", facts.description());
    card.put("url", facts.url());
    card.put("preferredTransport", "JSONRPC");
    card.put("version", facts.version());
    ObjectNode capabilities = card.putObject("capabilities");
    capabilities.put("streaming", true);
    capabilities.put("pushNotifications", false);
    ObjectNode scheme = card.putObject("securitySchemes").putObject("projectToken");
    scheme.put("type", "http");
    scheme.put("scheme", "bearer");
    scheme.put("description", "the hub's token for this project");
    card.putArray("security").addObject().putArray("projectToken");
    A2aWire.skills(card, facts);
    return card;
  }
}
