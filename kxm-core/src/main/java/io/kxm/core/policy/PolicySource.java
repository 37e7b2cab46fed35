package io.kxm.core.policy;

/**
 * Where the active tool policy came from, and so how a user clears it.
 *
 * @param kind which of the three places held the token
 * @param location the variable name or the file path
 */
public record PolicySource(Kind kind, String location) {

  /** The three places a token is read from, in the order they are read. */
  public enum Kind {
    ATTEMPT_TOKEN,
    SESSION_TOKEN,
    SESSION_TOKEN_FILE
  }

  public boolean isAttempt() {
    return kind == Kind.ATTEMPT_TOKEN;
  }

  /** The next step that lifts a policy from this source. */
  public String clearHint() {
    return switch (kind) {
      case ATTEMPT_TOKEN ->
          "Unset KXM_ATTEMPT_TOKEN, or have the Runtime issue the attempt a new token.";
      case SESSION_TOKEN ->
          "Unset KXM_SESSION_TOKEN, or set it to a new token from 'kxm session token --issue'.";
      case SESSION_TOKEN_FILE ->
          "Remove "
              + location
              + " ('kxm session token --clear'), or write a new one with 'kxm session token"
              + " --issue'.";
    };
  }

  @Override
  public String toString() {
    return kind == Kind.SESSION_TOKEN_FILE ? "session token file " + location : location;
  }
}
