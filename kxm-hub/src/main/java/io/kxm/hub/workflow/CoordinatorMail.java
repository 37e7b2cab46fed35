package io.kxm.hub.workflow;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentKeys;
import io.kxm.core.agent.AgentLimits;
import io.kxm.core.agent.AgentNames;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.messaging.SystemMessages;
import io.kxm.hub.stream.EventAppender;
import io.kxm.store.Tx;
import java.time.Duration;

/**
 * Sends a run's coordinator its requests. They come from a hub agent of the project, {@value
 * #SENDER}, whose key nobody holds; a coordinator that never registered is registered ahead of time
 * under its name, so the prompt waits queued and reaches it at its first registration (which
 * reconnects).
 */
final class CoordinatorMail {
  /** The name workflow requests come from; replies to its requests are the ones runs watch. */
  static final String SENDER = AgentNames.WORKFLOWS;

  private final Duration ttl;

  CoordinatorMail(Duration ttl) {
    this.ttl = ttl;
  }

  PeerMessage send(Tx tx, EventAppender events, String project, String coordinator, String text) {
    Agent from = agent(tx, project, SENDER, "sends webhook workflow prompts");
    Agent to = agent(tx, project, coordinator, "coordinator of webhook workflows");
    return SystemMessages.queue(tx, events, from, to, text, ttl);
  }

  /** The agent named {@code name}, registered with an unknown key when absent. */
  private static Agent agent(Tx tx, String project, String name, String purpose) {
    return tx.agents()
        .findByName(project, name)
        .orElseGet(() ->
            tx.agents()
                .register(
                    new AgentRegistration(
                        project,
                        name,
                        purpose,
                        null,
                        null,
                        AgentKeys.hash(AgentKeys.generate()),
                        AgentLimits.MIN_PRESENCE))
                .agent());
  }
}
