package io.kxm.core.policy;

import io.kxm.core.error.ErrorCode;
import java.time.Clock;
import java.time.Instant;

/**
 * The tool policy in force for one process: none, a verified token's policy, or a token that could
 * not be trusted and so blocks every tool.
 */
public sealed interface ActivePolicy {

  /** Whether {@code tool} may run now. */
  PolicyDecision check(String tool);

  /** No token anywhere: every tool runs. */
  ActivePolicy OPEN = new Open();

  /** No token was found. */
  record Open() implements ActivePolicy {
    @Override
    public PolicyDecision check(String tool) {
      return PolicyDecision.ALLOWED;
    }
  }

  /**
   * A signed token's policy, valid until {@code expiresAt}; after that every tool is blocked, as a
   * token that expires during a long session must not keep granting access.
   */
  record Restricted(ToolPolicy policy, PolicySource source, Instant expiresAt, Clock clock)
      implements ActivePolicy {
    @Override
    public PolicyDecision check(String tool) {
      if (!clock.instant().isBefore(expiresAt)) {
        return new Blocked(source, "the token expired at " + expiresAt).check(tool);
      }
      return policy.decide(tool, source);
    }
  }

  /**
   * A token was present but forged, malformed or expired. Failing closed is deliberate: a broken
   * token must never read as "no policy".
   */
  record Blocked(PolicySource source, String reason) implements ActivePolicy {
    @Override
    public PolicyDecision check(String tool) {
      return new PolicyDecision.Denied(
          ErrorCode.TOOL_POLICY_DENIED,
          tool
              + " is blocked: the token in "
              + source
              + " is not usable ("
              + reason
              + "), so every kxm tool is denied",
          source.clearHint());
    }
  }
}
