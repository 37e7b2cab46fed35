package io.kxm.session.interaction;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.core.json.Json;
import io.kxm.session.interaction.InteractionAnswer.Action;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads an answer body against the interaction it answers: the fields its kind takes, their types
 * and limits, and for an accepted elicitation its content against the requested schema. Every
 * refusal names the field; nothing is stored for a refused answer.
 */
public final class AnswerReader {
  /** Text of a clarification or of an approval's reason, in characters. */
  public static final int MAX_TEXT_CHARS = 64 * 1024;

  public static final int MAX_BY_CHARS = 200;

  private static final Map<String, Set<String>> FIELDS_OF =
      Map.of(
          "approval", Set.of("approved", "answer", "by"),
          "clarification", Set.of("answer", "by"),
          "elicitation", Set.of("action", "content", "by"));

  private AnswerReader() {}

  /**
   * @param kind the interaction's kind
   * @param request what it asked; an elicitation's holds its requested {@code schema}
   * @throws KxmException {@code unknown_field} for a field the kind does not take, {@code
   *     invalid_type}, {@code value_too_long}, {@code interaction_answer_invalid} for a missing or
   *     misplaced field, {@code elicitation_content_invalid} for content the schema refuses
   */
  public static InteractionAnswer read(String kind, JsonNode request, JsonNode body) {
    Set<String> fields = FIELDS_OF.get(kind);
    if (fields == null) {
      throw new IllegalArgumentException("no answers are defined for interaction kind " + kind);
    }
    if (body == null || !body.isObject()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "the answer must be a JSON object");
    }
    InputJson.allowOnly(body, "", fields);
    String by = by(body);
    return switch (kind) {
      case "approval" ->
          new InteractionAnswer.Approval(approved(body), text(body, false, kind), by);
      case "clarification" -> new InteractionAnswer.Clarification(text(body, true, kind), by);
      default -> elicitation(request, body, by);
    };
  }

  private static boolean approved(JsonNode body) {
    JsonNode approved = body.get("approved");
    if (approved == null || approved.isNull()) {
      throw new KxmException(
          ErrorCode.INTERACTION_ANSWER_INVALID,
          "approved (true or false) is required to answer an approval");
    }
    if (!approved.isBoolean()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "approved must be true or false");
    }
    return approved.booleanValue();
  }

  private static String text(JsonNode body, boolean required, String kind) {
    JsonNode answer = body.get("answer");
    if (answer == null || answer.isNull()) {
      if (required) {
        throw new KxmException(
            ErrorCode.INTERACTION_ANSWER_INVALID, "answer (text) is required to answer a " + kind);
      }
      return null;
    }
    if (!answer.isString()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "answer must be a string");
    }
    return TextLength.check("answer", answer.stringValue(), MAX_TEXT_CHARS);
  }

  private static String by(JsonNode body) {
    JsonNode by = body.get("by");
    if (by == null || by.isNull()) {
      return null;
    }
    if (!by.isString()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "by must be a string");
    }
    String name = TextLength.check("by", by.stringValue(), MAX_BY_CHARS);
    if (name.chars().anyMatch(Character::isISOControl)) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "by must be a name without control characters");
    }
    return name;
  }

  private static InteractionAnswer elicitation(JsonNode request, JsonNode body, String by) {
    Action action = action(body.get("action"));
    JsonNode content = body.get("content");
    boolean given = content != null && !content.isNull();
    if (action != Action.ACCEPT) {
      if (given) {
        throw new KxmException(
            ErrorCode.INTERACTION_ANSWER_INVALID,
            "content goes only with action accept; a "
                + action.wire()
                + " carries no content, so leave it out");
      }
      return new InteractionAnswer.Elicitation(action, null, by);
    }
    if (!given) {
      throw new KxmException(
          ErrorCode.INTERACTION_ANSWER_INVALID,
          "content (an object, the filled form) is required with action accept");
    }
    if (!content.isObject()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "content must be a JSON object");
    }
    ObjectNode form = (ObjectNode) Json.read(Json.write(content));
    ElicitationSchema.checkContent(request == null ? null : request.get("schema"), form);
    return new InteractionAnswer.Elicitation(action, form, by);
  }

  private static Action action(JsonNode action) {
    if (action == null || action.isNull()) {
      throw new KxmException(
          ErrorCode.INTERACTION_ANSWER_INVALID,
          "action (accept, decline or cancel) is required to answer an elicitation");
    }
    if (action.isString()) {
      for (Action a : Action.values()) {
        if (a.wire().equals(action.stringValue())) {
          return a;
        }
      }
    }
    throw new KxmException(
        ErrorCode.INTERACTION_ANSWER_INVALID, "action must be accept, decline or cancel");
  }
}
