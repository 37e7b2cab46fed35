package io.kxm.hub.auth;

import java.util.Optional;

/**
 * Looks up the agent an {@code X-KXM-Agent-Key} belongs to. The agent registry supplies it; keys
 * rotate on every reconnect, so only the current key of an agent matches.
 */
@FunctionalInterface
public interface AgentKeyVerifier {

  /** The agent holding {@code agentKey}, or empty when no current key matches. */
  Optional<AgentIdentity> verify(String agentKey);

  /** Knows no agent: every key is refused. For hubs without the agent registry. */
  static AgentKeyVerifier none() {
    return key -> Optional.empty();
  }
}
