package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a person's answer to an interaction against its kind and rebuilds it with only the known
 * fields, so a harness never receives more than the protocol names.
 */
final class Answers {
  static final String APPROVAL = "approval";
  static final int MAX_ANSWER_BYTES = 64 * 1024;
  static final int MAX_BY_CHARS = 200;
  private static final Set<String> FIELDS = Set.of("approved", "answer", "by");

  private Answers() {}

  /**
   * @param kind {@code approval} needs {@code approved}; the other kinds need {@code answer}
   */
  static ObjectNode check(String kind, JsonNode raw) {
    if (raw == null || !raw.isObject()) {
      throw invalid("the answer must be a JSON object {approved, answer, by}");
    }
    for (String name : raw.propertyNames()) {
      if (!FIELDS.contains(name)) {
        throw invalid("answer field '" + name + "' is unknown; send only approved, answer, by");
      }
    }
    ObjectNode clean = Json.object();
    JsonNode approved = raw.get("approved");
    if (approved != null && !approved.isNull()) {
      if (!approved.isBoolean()) {
        throw invalid("answer field 'approved' must be true or false");
      }
      clean.put("approved", approved.booleanValue());
    } else if (APPROVAL.equals(kind)) {
      throw invalid("answer field 'approved' is required for an approval");
    }
    JsonNode answer = raw.get("answer");
    if (answer != null && !answer.isNull()) {
      if (!answer.isString()
          || answer.stringValue().getBytes(StandardCharsets.UTF_8).length > MAX_ANSWER_BYTES) {
        throw invalid(
            "answer field 'answer' must be text of at most " + MAX_ANSWER_BYTES + " bytes");
      }
      clean.put("answer", answer.stringValue());
    } else if (!APPROVAL.equals(kind)) {
      throw invalid("answer field 'answer' is required for a " + kind);
    }
    JsonNode by = raw.get("by");
    if (by != null && !by.isNull()) {
      if (!by.isString()
          || by.stringValue().length() > MAX_BY_CHARS
          || by.stringValue().chars().anyMatch(Character::isISOControl)) {
        throw invalid(
            "answer field 'by' must be a name of at most " + MAX_BY_CHARS + " characters");
      }
      clean.put("by", by.stringValue());
    }
    return clean;
  }

  private static KxmException invalid(String message) {
    return new KxmException(ErrorCode.INVALID_REQUEST, message);
  }
}
