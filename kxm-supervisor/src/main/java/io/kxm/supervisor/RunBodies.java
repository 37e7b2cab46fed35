package io.kxm.supervisor;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.RecoveryAction;
import io.kxm.runtime.api.Resolution;
import java.util.Locale;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads and checks the JSON bodies of the run routes; every refusal names the field. */
final class RunBodies {
  // the runtime's own limit (RunSlots), so a prompt is refused for its length in one place
  static final int MAX_PROMPT_CHARS = 256 * 1024;
  static final int MAX_TEXT_CHARS = 8 * 1024;
  static final int MAX_NAME_CHARS = 128;

  /** What an answer to an interaction may carry. */
  static final String[] RESOLUTION_FIELDS = {"approved", "answer", "by"};

  private static final Pattern WORKFLOW = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,127}");

  private RunBodies() {}

  static String workflow(JsonNode body) {
    String value = requiredText(body, "workflow", MAX_NAME_CHARS);
    if (!WORKFLOW.matcher(value).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "workflow must be a workflow id: letters, digits, '_', '.' or '-', got '" + value + "'");
    }
    return value;
  }

  static String prompt(JsonNode body) {
    String value = optionalText(body, "prompt", MAX_PROMPT_CHARS);
    return value == null ? "" : value;
  }

  static String projectRoot(JsonNode body) {
    return requiredText(body, "projectRoot", 4096);
  }

  static boolean allowDirty(JsonNode body) {
    return optionalBoolean(body, "allowDirty", false);
  }

  static boolean simulated(JsonNode body) {
    return optionalBoolean(body, "simulated", false);
  }

  static Resolution resolution(JsonNode body) {
    JsonNode approved = body.get("approved");
    if (approved != null && !approved.isNull() && !approved.isBoolean()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "approved must be true or false");
    }
    String by = optionalText(body, "by", MAX_NAME_CHARS);
    return new Resolution(
        approved != null && approved.asBoolean(false),
        optionalText(body, "answer", MAX_TEXT_CHARS),
        by == null || by.isBlank() ? "operator" : by);
  }

  static RecoveryAction action(JsonNode body) {
    String value = requiredText(body, "action", 16);
    try {
      return RecoveryAction.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "action must be retry, unblock, fail or cancel, got '" + value + "'");
    }
  }

  static String reason(JsonNode body) {
    String value = optionalText(body, "reason", MAX_TEXT_CHARS);
    return value == null || value.isBlank() ? "operator recovery" : value;
  }

  private static String requiredText(JsonNode body, String field, int max) {
    String value = optionalText(body, field, max);
    if (value == null || value.isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, field + " is required");
    }
    return value;
  }

  private static String optionalText(JsonNode body, String field, int max) {
    JsonNode node = body.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isString()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, field + " must be a string");
    }
    return TextLength.check(field, node.asString(), max);
  }

  private static boolean optionalBoolean(JsonNode body, String field, boolean fallback) {
    JsonNode node = body.get(field);
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isBoolean()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, field + " must be true or false");
    }
    return node.asBoolean();
  }
}
