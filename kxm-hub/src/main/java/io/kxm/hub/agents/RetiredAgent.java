package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import java.time.Instant;

/**
 * An agent that was retired, or that a dry run would retire.
 *
 * @param lastSeenAt when the agent last showed a sign of life
 * @param expiredRequests open requests to it that ended as {@code expired}; 0 in a dry run
 */
public record RetiredAgent(
    String agentId, String name, String project, Instant lastSeenAt, int expiredRequests) {

  static RetiredAgent of(Agent agent, int expiredRequests) {
    return new RetiredAgent(
        agent.id(), agent.name(), agent.project(), agent.lastSeenAt(), expiredRequests);
  }
}
