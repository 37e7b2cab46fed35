package io.kxm.hub.mcp;

import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerOperations;

/**
 * Registers, or reconnects, the agent an MCP session acts as, and hands back the port every tool
 * call of that session goes through. The messaging feature supplies it; a port that is {@link
 * AutoCloseable} is closed when its session ends or is swept.
 */
@FunctionalInterface
public interface AgentBinder {

  /**
   * @param project the project the bearer token stands for
   * @param agentName from {@code X-KXM-Agent-Name} or {@code ?agent=}, at most 80 characters
   * @param purpose from {@code X-KXM-Agent-Purpose}, or null
   * @throws KxmException to refuse the session with that code and status
   */
  PeerOperations bind(String project, String agentName, String purpose);
}
