package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;

/**
 * Runs inside the transaction that re-registers an existing agent, so that what it appends commits
 * with the new key. Messaging uses it to push still-queued requests to the agent's stream again.
 */
@FunctionalInterface
public interface ReconnectHook {
  ReconnectHook NONE = (tx, events, agent) -> {};

  void reconnected(Tx tx, EventAppender events, Agent agent);
}
