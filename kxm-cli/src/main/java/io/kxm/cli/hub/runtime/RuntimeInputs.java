package io.kxm.cli.hub.runtime;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * What the bridge takes from a browser, checked before anything reaches the supervisor: ids by
 * pattern, bodies as strict records (unknown fields refused by {@link io.kxm.hub.http.JsonBodies}),
 * texts by length. The supervisor checks again; these checks keep a hostile value from being put
 * into a supervisor path at all.
 */
final class RuntimeInputs {
  static final int MAX_PROMPT_CHARS = 256 * 1024;
  static final int MAX_ANSWER_CHARS = 8 * 1024;
  static final int MAX_NAME_CHARS = 128;

  private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}");
  private static final Pattern SESSION_ID = Pattern.compile("ses_[0-9a-z]{1,64}");
  private static final Pattern HARNESS_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:/-]{0,300}");

  private RuntimeInputs() {}

  static String runId(String id) {
    return checked(id, RUN_ID, "a run id is 1 to 128 letters, digits, '_', '.', ':' or '-'");
  }

  static String interactionId(String id) {
    return checked(
        id, RUN_ID, "an interaction id is 1 to 128 letters, digits, '_', '.', ':' or '-'");
  }

  static String sessionId(String id) {
    return checked(id, SESSION_ID, "a session id is 'ses_' and 1 to 64 lower-case letters, digits");
  }

  private static String checked(String id, Pattern pattern, String rule) {
    if (id == null || !pattern.matcher(id).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          rule,
          "Use an id as GET /v1/runtime/supervisor/runs lists it.");
    }
    return id;
  }

  /** {@code {"harness": "<id from GET /v1/runtime/supervisor/harnesses>"}}. */
  record NewSession(String harness) {
    NewSession {
      if (harness == null || !HARNESS_ID.matcher(harness).matches()) {
        throw new KxmException(
            ErrorCode.HARNESS_INVALID,
            "harness must be the id of an admitted harness, as GET /v1/runtime/supervisor/harnesses lists");
      }
    }
  }

  /** {@code {"prompt": "…"}}. */
  record Prompt(String prompt) {
    Prompt {
      if (prompt == null || prompt.isBlank()) {
        throw new KxmException(ErrorCode.RUN_PROMPT_INVALID, "prompt is required");
      }
      TextLength.check("prompt", prompt, MAX_PROMPT_CHARS);
    }
  }

  /**
   * An answer to an interaction: {@code approved} for an approval, {@code answer} text for a
   * clarification or a wait, {@code values} (an object, the filled form) for an elicitation; the
   * values travel to the supervisor as their JSON text in {@code answer}, the one field it takes.
   */
  record Resolve(Boolean approved, String answer, JsonNode values, String by) {
    Resolve {
      if (answer != null && values != null) {
        throw new KxmException(ErrorCode.INVALID_REQUEST, "send answer or values, not both");
      }
      if (values != null && !values.isObject()) {
        throw new KxmException(ErrorCode.INVALID_TYPE, "values must be a JSON object");
      }
      if (answer != null) {
        TextLength.check("answer", answer, MAX_ANSWER_CHARS);
      }
      if (by != null) {
        TextLength.check("by", by, MAX_NAME_CHARS);
      }
    }

    /** The supervisor's body: {@code approved}, {@code answer} and {@code by}. */
    JsonNode wire(String fallbackBy) {
      String text = values == null ? answer : Json.write(values);
      if (text != null) {
        TextLength.check("values", text, MAX_ANSWER_CHARS);
      }
      return Json.object()
          .put("approved", approved == null ? values != null || answer != null : approved)
          .put("answer", text)
          .put("by", by == null || by.isBlank() ? fallbackBy : by);
    }
  }
}
