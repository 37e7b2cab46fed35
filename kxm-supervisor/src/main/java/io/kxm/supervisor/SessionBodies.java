package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.InputJson;
import io.kxm.session.api.HarnessSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Reads the JSON bodies, ids and query parameters of the session routes and checks their shape;
 * every refusal names the field. Sizes and values (paths, argv limits, prompt size) are the session
 * service's to check, so each limit lives in one place. Fields a route does not take are refused
 * ({@code unknown_field}), as on the run routes and the hub.
 */
final class SessionBodies {
  /**
   * More arguments than any harness may have; past it the array is not even read. The session
   * service enforces the real limit.
   */
  static final int MAX_ARGS_READ = 1024;

  static final int DEFAULT_LIMIT = 50;
  static final int MAX_LIMIT = 500;
  private static final Pattern SESSION_ID = Pattern.compile("ses_[0-9a-z]{1,64}");
  private static final Pattern RUN_ID = Pattern.compile("srun_[0-9a-z]{1,64}");
  private static final Pattern INTERACTION_ID = Pattern.compile("int_[0-9a-z]{1,64}");

  private SessionBodies() {}

  static String workspaceRoot(JsonNode body) {
    JsonNode node = body.get("workspaceRoot");
    if (node == null || !node.isString()) {
      throw new KxmException(
          ErrorCode.WORKSPACE_ROOT_INVALID, "workspaceRoot is required and must be a string");
    }
    return node.asString();
  }

  /** The harness's shape; its type and argv limits are the session service's to check. */
  static HarnessSpec harness(JsonNode body) {
    JsonNode node = body.get("harness");
    if (node == null || !node.isObject()) {
      throw harnessInvalid("harness is required and must be an object");
    }
    InputJson.allowOnly(node, "harness", Set.of("type", "argv"));
    JsonNode type = node.get("type");
    if (type == null || !type.isString()) {
      throw harnessInvalid("harness.type is required and must be a string, such as \"command\"");
    }
    JsonNode argv = node.get("argv");
    if (argv == null || !argv.isArray() || argv.size() > MAX_ARGS_READ) {
      throw harnessInvalid("harness.argv must be an array of strings");
    }
    List<String> args = new ArrayList<>(argv.size());
    for (JsonNode arg : argv) {
      if (!arg.isString()) {
        throw harnessInvalid("each element of harness.argv must be a string");
      }
      args.add(arg.asString());
    }
    return new HarnessSpec(type.asString(), args);
  }

  static String model(JsonNode body) {
    JsonNode node = body.get("model");
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isString()) {
      throw new KxmException(ErrorCode.INVALID_TYPE, "model must be a string");
    }
    return node.asString();
  }

  static String prompt(JsonNode body) {
    JsonNode node = body.get("prompt");
    if (node == null || !node.isString()) {
      throw new KxmException(
          ErrorCode.RUN_PROMPT_INVALID, "prompt is required and must be a string");
    }
    return node.asString();
  }

  static int limit(String value) {
    if (value == null) {
      return DEFAULT_LIMIT;
    }
    try {
      int limit = Integer.parseInt(value.strip());
      if (limit >= 1 && limit <= MAX_LIMIT) {
        return limit;
      }
    } catch (NumberFormatException e) {
      // Refused below with the allowed range.
    }
    throw new KxmException(
        ErrorCode.INVALID_REQUEST, "limit must be a whole number from 1 to " + MAX_LIMIT);
  }

  static String sessionId(String id) {
    return checked(id, SESSION_ID, "a session id", "ses_");
  }

  static String runId(String id) {
    return checked(id, RUN_ID, "a session run id", "srun_");
  }

  static String interactionId(String id) {
    return checked(id, INTERACTION_ID, "an interaction id", "int_");
  }

  private static String checked(String id, Pattern pattern, String what, String prefix) {
    if (id == null || !pattern.matcher(id).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          what + " is '" + prefix + "' followed by 1 to 64 lower-case letters and digits");
    }
    return id;
  }

  private static KxmException harnessInvalid(String message) {
    return new KxmException(ErrorCode.HARNESS_INVALID, message);
  }
}
