package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;

/**
 * Runs inside the transaction that retires an agent, before its row is retired. Messaging uses it
 * to end the requests still waiting on the agent as {@code expired}, telling their senders.
 */
@FunctionalInterface
public interface RetireHook {
  RetireHook NONE = (tx, events, agent) -> 0;

  /** Returns how many open requests to the agent it ended. */
  int retiring(Tx tx, EventAppender events, Agent agent);
}
