package io.kxm.mcp.http;

import io.kxm.core.error.KxmException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * The hub's check of a bearer token, for example a project token. Called on every MCP request.
 *
 * @param <P> what the hub knows the caller as, for example a project; compared with {@code equals}
 */
@FunctionalInterface
public interface BearerAuthenticator<P> {

  /**
   * The principal the token stands for, or empty when it stands for none.
   *
   * @param token the token after {@code Bearer }, or null when the request carried none
   * @throws KxmException to refuse with a specific code and status
   */
  Optional<P> authenticate(String token);

  /**
   * Like {@link #authenticate(String)}, with the request at hand, for principals that depend on
   * more than the token: the hub's admin token acts for the project a header names. The filter
   * calls this one; the default ignores the request.
   *
   * @param request the HTTP request; read headers and the query string only, never the body, which
   *     belongs to the MCP transport
   */
  default Optional<P> authenticate(String token, HttpServletRequest request) {
    return authenticate(token);
  }
}
