package io.kxm.mcp.http;

import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerOperations;

/**
 * The hub's side of a new MCP session: registers (or reuses) the named agent in the principal's
 * project and hands back the port every tool call of that session acts through. If the returned
 * port is {@link AutoCloseable}, it is closed when the session ends or is evicted.
 *
 * @param <P> what {@link BearerAuthenticator} returned
 */
@FunctionalInterface
public interface SessionBinder<P> {

  /**
   * @param agentName from {@code X-KXM-Agent-Name} or {@code ?agent=}, at most 80 characters
   * @param purpose from {@code X-KXM-Agent-Purpose}, or null
   * @throws KxmException to refuse the session with that code and status
   */
  PeerOperations bind(P principal, String agentName, String purpose);
}
