package io.kxm.core.context;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Typed, bounded reads of one JSON request body of the context routes and tools. Every refusal
 * names the field; unknown fields are refused so a typo never passes silently.
 */
final class Body {
  private final JsonNode node;
  private final ErrorCode code;

  private Body(JsonNode node, ErrorCode code) {
    this.node = node;
    this.code = code;
  }

  /**
   * @param allowed the field names this body may carry
   * @param code the code a refusal carries
   */
  static Body of(JsonNode node, Set<String> allowed, ErrorCode code) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      node = io.kxm.core.json.Json.object();
    }
    if (!node.isObject()) {
      throw new KxmException(code, "the body must be a JSON object");
    }
    for (String field : node.propertyNames()) {
      if (code == ErrorCode.CONTEXT_ITEM_INVALID) {
        ControlPlaneFields.refuse(field);
      }
    }
    InputJson.allowOnly(node, "", allowed);
    return new Body(node, code);
  }

  String text(String field, int max) {
    String value = optionalText(field, max);
    if (value == null) {
      throw refuse(field + " is required");
    }
    return value;
  }

  String optionalText(String field, int max) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isString()) {
      throw wrongType(field, "a string");
    }
    String text = value.stringValue();
    if (text.isBlank()) {
      throw refuse(field + " must not be blank");
    }
    return TextLength.check(field, text, max);
  }

  /** Text that may be blank or absent (then empty). */
  String anyText(String field, int max) {
    JsonNode value = value(field);
    if (value == null) {
      return "";
    }
    if (!value.isString()) {
      throw wrongType(field, "a string");
    }
    return TextLength.check(field, value.stringValue(), max);
  }

  /** A name-like value: text without control characters. */
  String optionalLabel(String field, int max) {
    String value = optionalText(field, max);
    if (value != null && value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw refuse(field + " contains control characters");
    }
    return value;
  }

  String label(String field, int max) {
    String value = optionalLabel(field, max);
    if (value == null) {
      throw refuse(field + " is required");
    }
    return value;
  }

  Integer integer(String field, int min, int max) {
    JsonNode value = value(field);
    if (value == null) {
      return null;
    }
    if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
      throw wrongType(field, "a whole number");
    }
    long number = value.asLong();
    if (number < min || number > max) {
      throw refuse(field + " is " + number + "; allowed " + min + " to " + max);
    }
    return (int) number;
  }

  /** A list of strings, each 1..itemMax characters; null when absent. */
  List<String> strings(String field, int minItems, int maxItems, int itemMax) {
    JsonNode value = value(field);
    if (value == null) {
      if (minItems > 0) {
        throw refuse(field + " is required with at least " + minItems + " item(s)");
      }
      return null;
    }
    if (!value.isArray()) {
      throw wrongType(field, "an array of strings");
    }
    if (value.size() < minItems || value.size() > maxItems) {
      throw refuse(
          field + " has " + value.size() + " items; allowed " + minItems + " to " + maxItems);
    }
    List<String> out = new ArrayList<>(value.size());
    int index = 0;
    for (JsonNode item : value) {
      if (!item.isString()) {
        throw wrongType(field + "[" + index + "]", "a string");
      }
      if (item.stringValue().isBlank()) {
        throw refuse(field + " must hold non-blank strings");
      }
      TextLength.check(field + "[" + index + "]", item.stringValue(), itemMax);
      index++;
      if (item.stringValue().chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
        throw refuse(field + " items contain control characters");
      }
      out.add(item.stringValue());
    }
    return out;
  }

  Instant instant(String field) {
    String value = optionalText(field, 64);
    if (value == null) {
      return null;
    }
    try {
      return Instant.parse(value);
    } catch (DateTimeParseException e) {
      throw refuse(field + " must be an ISO-8601 instant such as 2030-01-01T00:00:00Z");
    }
  }

  /** One of an enum's lower-case wire names; null when absent. */
  <E extends Enum<E>> E choice(String field, Class<E> type) {
    String value = optionalText(field, 32);
    return value == null ? null : WireEnum.parse(type, value, field, code);
  }

  <E extends Enum<E>> E requiredChoice(String field, Class<E> type) {
    E value = choice(field, type);
    if (value == null) {
      throw refuse(field + " is required");
    }
    return value;
  }

  /** A set of an enum's wire names; null when absent. */
  <E extends Enum<E>> java.util.EnumSet<E> choices(String field, Class<E> type) {
    List<String> names = strings(field, 0, type.getEnumConstants().length * 4, 32);
    if (names == null) {
      return null;
    }
    java.util.EnumSet<E> out = java.util.EnumSet.noneOf(type);
    for (String name : names) {
      out.add(WireEnum.parse(type, name, field, code));
    }
    return out;
  }

  private static KxmException wrongType(String field, String expected) {
    return new KxmException(ErrorCode.INVALID_TYPE, field + " must be " + expected);
  }

  KxmException refuse(String message) {
    return new KxmException(code, message);
  }

  private JsonNode value(String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value;
  }
}
