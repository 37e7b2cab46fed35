package io.kxm.hub.auth;

/** Where the hub's admin token came from; decides whether a non-loopback bind is allowed. */
public enum AdminTokenSource {
  /** {@code KXM_AUTH_TOKEN} was set. */
  ENVIRONMENT,
  /** {@code hub-env.json} held one before this start. */
  STATE_FILE,
  /** Generated and saved by this start; nobody outside this process has seen it yet. */
  GENERATED,
  /** No admin token yet. */
  NONE;

  /** Whether an operator set or could have read the token before the hub began listening. */
  public boolean predatesStart() {
    return this == ENVIRONMENT || this == STATE_FILE;
  }
}
