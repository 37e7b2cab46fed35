package io.kxm.core.policy;

/** The outcome of verifying a token: trusted, or refused with the reason. */
public sealed interface TokenCheck {

  /** Signature good, payload well-formed, not expired. */
  record Valid(SessionTokenPayload payload) implements TokenCheck {}

  /**
   * Refused.
   *
   * @param reason why, without echoing the token
   */
  record Invalid(String reason) implements TokenCheck {}
}
