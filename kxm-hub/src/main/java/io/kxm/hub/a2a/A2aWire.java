package io.kxm.hub.a2a;

import io.kxm.core.json.Json;
import io.kxm.core.peer.Limits;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How one A2A wire version spells requests, tasks, stream events and agent cards. The hub's logic
 * is the same for both; only the JSON differs.
 */
sealed interface A2aWire permits WireV1, WireV03 {
  /** Metadata key under which every task and event carries its stream event id. */
  String EVENT_ID = "kxmEventId";

  /** The protocol version as a card names it. */
  String version();

  /** The role a client's message has in this version. */
  String userRole();

  /** One part of a client's message as text; files are refused. */
  String part(JsonNode part);

  /** The message of a send request, read the same way in both versions but for its spelling. */
  default Incoming message(JsonNode params) {
    JsonNode message = params.path("message");
    if (!message.isObject()) {
      throw new A2aError(A2aError.INVALID_PARAMS, "params.message must be a message object");
    }
    String role = message.path("role").asString("");
    if (!role.isEmpty() && !role.equals(userRole())) {
      throw new A2aError(A2aError.INVALID_PARAMS, "a client's message has role " + userRole());
    }
    // each request is a task of its own; a follow-up is a new message, not more of an old task
    if (message.path("taskId").isString() && !message.path("taskId").asString().isEmpty()) {
      throw new A2aError(
          A2aError.UNSUPPORTED_OPERATION,
          "a hub task is one request and its reply; send a new message without taskId");
    }
    return new Incoming(
        id(message.path("messageId"), "params.message.messageId", true),
        id(message.path("contextId"), "params.message.contextId", false),
        text(message.path("parts"), this::part));
  }

  /** Whether a send waits for the task to end before it answers. */
  boolean blocking(JsonNode params);

  /** The task named by a get, cancel or subscribe request. */
  default String taskId(JsonNode params) {
    JsonNode id = params.path("id");
    if (!id.isString() || id.asString().isBlank()) {
      throw new A2aError(A2aError.INVALID_PARAMS, "params.id must name the task (a string)");
    }
    return id.asString();
  }

  /** The task itself, as get and cancel answer it. */
  ObjectNode task(A2aTask task);

  /** The answer to a send. */
  JsonNode sent(A2aTask task);

  /** The first event of a stream that starts from nothing: the task as it stands. */
  JsonNode streamStart(A2aTask task);

  /** The event for a stage the task reached. */
  JsonNode streamUpdate(A2aTask task, int stage);

  ObjectNode card(CardFacts facts);

  /**
   * The request text from a message's parts: text parts as they are, data parts as JSON; files are
   * refused, since a hub request carries text.
   */
  static String text(JsonNode parts, PartReader reader) {
    if (!parts.isArray() || parts.isEmpty()) {
      throw new A2aError(
          A2aError.INVALID_PARAMS, "params.message.parts must be a non-empty array of parts");
    }
    List<String> texts = new ArrayList<>();
    for (JsonNode part : parts) {
      texts.add(reader.read(part));
    }
    String text = String.join("\n", texts);
    if (text.isBlank()) {
      throw new A2aError(A2aError.INVALID_PARAMS, "the message has no text; send a text part");
    }
    if (text.length() > Limits.CONTENT_MAX) {
      throw new A2aError(
          A2aError.INVALID_PARAMS,
          "the message is "
              + text.length()
              + " characters; a hub request holds at most "
              + Limits.CONTENT_MAX);
    }
    return text;
  }

  /** A message id or context id: a string within the idempotency key's length. */
  static String id(JsonNode value, String field, boolean required) {
    // protobuf JSON writers may send an unset string as ""
    boolean unset = value.isMissingNode() || value.isNull() || value.asString("x").isEmpty();
    if (unset) {
      if (required) {
        throw new A2aError(A2aError.INVALID_PARAMS, field + " is required (a string)");
      }
      return null;
    }
    if (!value.isString() || value.asString().isBlank()) {
      throw new A2aError(A2aError.INVALID_PARAMS, field + " must be a non-blank string");
    }
    // the message id becomes the request's idempotency key, with a prefix of 4 characters
    int max = Limits.KEY_MAX - 4;
    if (value.asString().length() > max) {
      throw new A2aError(A2aError.INVALID_PARAMS, field + " is longer than " + max + " characters");
    }
    return value.asString();
  }

  /** A data part's value as the text of the request. */
  static String data(JsonNode value) {
    return Json.write(value);
  }

  /** What both versions' cards say alike: the modes taken and given, and the skills. */
  static void skills(ObjectNode card, CardFacts facts) {
    card.putArray("defaultInputModes").add("text/plain").add("application/json");
    card.putArray("defaultOutputModes").add("text/plain");
    ArrayNode skills = card.putArray("skills");
    for (CardFacts.Skill skill : facts.skills()) {
      ObjectNode one = skills.addObject();
      one.put("id", skill.id());
      one.put("name", skill.name());
      one.put("description", skill.description());
      one.putArray("tags").add("kxm");
    }
  }

  static A2aError file() {
    return new A2aError(
        A2aError.CONTENT_TYPE_NOT_SUPPORTED,
        "file parts are not taken: a hub request is text; send the content as a text part");
  }

  /** Reads one part of a message into text. */
  @FunctionalInterface
  interface PartReader {
    String read(JsonNode part);
  }
}
