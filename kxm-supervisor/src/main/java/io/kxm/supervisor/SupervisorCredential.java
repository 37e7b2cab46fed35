package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.net.Loopback;
import java.util.Map;
import java.util.Optional;

/**
 * The bearer token a client sends the supervisor, and where it may go. A token read from the 0600
 * file is sent to loopback URLs only, so a registry row or setting that points elsewhere cannot
 * carry it off the machine. A token the user set in {@code KXM_RUNTIME_TOKEN} was meant for the URL
 * in use, loopback or not.
 *
 * @param explicit true when it came from {@code KXM_RUNTIME_TOKEN}
 */
public record SupervisorCredential(String token, boolean explicit) {
  public static final String ENV = "KXM_RUNTIME_TOKEN";

  public SupervisorCredential {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("a credential needs a token");
    }
  }

  /** {@code KXM_RUNTIME_TOKEN} when set, else the token file; empty when neither has one. */
  public static Optional<SupervisorCredential> resolve(
      SupervisorPaths paths, Map<String, String> env) {
    String set = env.get(ENV);
    if (set != null && !set.isEmpty()) {
      return Optional.of(new SupervisorCredential(set, true));
    }
    return SupervisorToken.read(paths.tokenFile()).map(t -> new SupervisorCredential(t, false));
  }

  /**
   * The {@code Authorization} header value for calls to {@code baseUrl}.
   *
   * @throws KxmException {@code runtime_token_not_sent} for a file token and a non-loopback URL
   */
  public String authorizationFor(String baseUrl) {
    if (!explicit && !Loopback.isLoopbackUrl(baseUrl)) {
      throw new KxmException(
          ErrorCode.RUNTIME_TOKEN_NOT_SENT,
          "the token from the token file is sent to loopback URLs only, and "
              + SupervisorGuard.printable(baseUrl)
              + " is not one; nothing was sent");
    }
    return "Bearer " + token;
  }

  @Override
  public String toString() {
    return "SupervisorCredential[" + (explicit ? ENV : "token file") + "]";
  }
}
