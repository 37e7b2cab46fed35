package io.kxm.mcp.http;

import io.kxm.core.peer.PeerOperations;

/**
 * One MCP session and the agent it acts as.
 *
 * @param sessionId the {@code Mcp-Session-Id} the SDK assigned
 * @param principal what the bearer token stood for at initialize; later requests must match it
 * @param agentName the agent's name
 * @param purpose the agent's declared purpose, or null
 * @param peers the port its tool calls act through
 */
public record AgentSession<P>(
    String sessionId, P principal, String agentName, String purpose, PeerOperations peers) {

  AgentSession<P> withSessionId(String id) {
    return new AgentSession<>(id, principal, agentName, purpose, peers);
  }
}
