package io.kxm.core.policy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/** Whether a tool may run under the active policy; a refusal is a value, not a throw. */
public sealed interface PolicyDecision {

  /** The tool may run. */
  record Allowed() implements PolicyDecision {}

  /**
   * The tool may not run.
   *
   * @param code {@code tool_policy_denied} or {@code attempt_token_admin_denied}
   * @param message names the tool, the rule that denied it and where the policy came from
   * @param hint how to lift the policy
   */
  record Denied(ErrorCode code, String message, String hint) implements PolicyDecision {
    public KxmException toException() {
      return new KxmException(code, message, hint);
    }
  }

  PolicyDecision ALLOWED = new Allowed();
}
