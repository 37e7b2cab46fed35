package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Locale;

/**
 * Turns an {@code Authorization} header into a {@link Principal}, independent of Javalin and of the
 * servlet API so the Javalin pipeline and the {@code /mcp} filter share it.
 */
public final class BearerAuth {
  private static final String SCHEME = "bearer ";

  private final HubCredentials credentials;

  public BearerAuth(HubCredentials credentials) {
    this.credentials = credentials;
  }

  /**
   * @param authorization the raw header, or null
   * @throws KxmException {@code auth_required} without a bearer token, {@code auth_invalid} for one
   *     the hub does not know
   */
  public Principal authenticate(String authorization) {
    String token = bearerToken(authorization);
    if (token == null) {
      throw new KxmException(ErrorCode.AUTH_REQUIRED, "this route needs a bearer token");
    }
    return credentials
        .authenticate(token)
        .orElseThrow(() ->
            new KxmException(ErrorCode.AUTH_INVALID, "the bearer token is not known to this hub"));
  }

  /** Refuses anyone but the admin with {@code admin_required}. */
  public static void requireAdmin(Principal principal) {
    if (!(principal instanceof Principal.Admin)) {
      throw new KxmException(
          ErrorCode.ADMIN_REQUIRED,
          "this route needs the admin token; a token of project '"
              + principal.project().orElse("?")
              + "' was given");
    }
  }

  /** The token of a {@code Bearer} header, or null when there is none. */
  static String bearerToken(String authorization) {
    if (authorization == null) {
      return null;
    }
    String header = authorization.trim();
    if (header.length() <= SCHEME.length()
        || !header.substring(0, SCHEME.length()).toLowerCase(Locale.ROOT).equals(SCHEME)) {
      return null;
    }
    String token = header.substring(SCHEME.length()).trim();
    return token.isEmpty() ? null : token;
  }
}
