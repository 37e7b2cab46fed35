package io.kxm.cli.hub.runtime;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.interaction.InteractionAnswer;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

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
   * An answer to an interaction: {@code approved} for an approval (with {@code answer} as its
   * reason), {@code answer} text for a clarification or a wait, {@code values} (an object, the
   * filled form) to accept an elicitation, or {@code action} {@code decline} or {@code cancel}. It
   * travels to the supervisor as the {@link InteractionAnswer} body {@code kxm runs} sends too.
   */
  record Resolve(Boolean approved, String answer, JsonNode values, String action, String by) {
    Resolve {
      int kinds = (approved != null ? 1 : 0) + (values != null ? 1 : 0) + (action != null ? 1 : 0);
      if (kinds > 1 || (answer != null && (values != null || action != null))) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST,
            "send approved (and answer), answer, values or action, one kind of answer");
      }
      if (values != null && !values.isObject()) {
        throw new KxmException(ErrorCode.INVALID_TYPE, "values must be a JSON object");
      }
      if (action != null && !action.equals("decline") && !action.equals("cancel")) {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST,
            "action must be decline or cancel; accept by sending values");
      }
      if (answer != null) {
        TextLength.check("answer", answer, MAX_ANSWER_CHARS);
      }
      if (by != null) {
        TextLength.check("by", by, MAX_NAME_CHARS);
      }
    }

    /** The supervisor's body, as {@link InteractionAnswer#body()} writes it. */
    JsonNode wire(String fallbackBy) {
      String who = by == null || by.isBlank() ? fallbackBy : by;
      InteractionAnswer answered;
      if (approved != null) {
        answered = new InteractionAnswer.Approval(approved, answer, who);
      } else if (values != null) {
        answered =
            new InteractionAnswer.Elicitation(
                InteractionAnswer.Action.ACCEPT, (ObjectNode) values, who);
      } else if (action != null) {
        answered =
            new InteractionAnswer.Elicitation(
                action.equals("decline")
                    ? InteractionAnswer.Action.DECLINE
                    : InteractionAnswer.Action.CANCEL,
                null,
                who);
      } else if (answer != null) {
        answered = new InteractionAnswer.Clarification(answer, who);
      } else {
        throw new KxmException(
            ErrorCode.INVALID_REQUEST, "send approved, answer, values or action");
      }
      return answered.body();
    }
  }
}
