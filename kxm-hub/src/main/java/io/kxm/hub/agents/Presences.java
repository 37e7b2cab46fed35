package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.Presence;
import java.time.Duration;
import java.time.Instant;

/**
 * Presence from the presence lease and the hub's clock. An agent is {@code online} while its lease
 * runs; {@code stale} for one more lease length after the lease ran out on its own (a missed
 * heartbeat, a dropped stream), since it may well come back; {@code offline} after that, and at
 * once when it ended its presence on purpose. A lease ended on purpose is recognisable because the
 * hub sets its deadline to the moment it was last seen, which a renewal never does.
 */
public final class Presences {
  private final Duration lease;

  public Presences(Duration lease) {
    this.lease = lease;
  }

  /** How long one renewal keeps an agent online. */
  public Duration lease() {
    return lease;
  }

  public Presence of(Agent agent, Instant now) {
    if (agent.onlineAt(now)) {
      return Presence.ONLINE;
    }
    boolean endedOnPurpose = !agent.leaseExpiresAt().isAfter(agent.lastSeenAt());
    if (!endedOnPurpose && now.isBefore(agent.leaseExpiresAt().plus(lease))) {
      return Presence.STALE;
    }
    return Presence.OFFLINE;
  }

  /** The agent as peers see it; never carries a key. */
  public AgentInfo view(Agent agent, Instant now) {
    return new AgentInfo(
        agent.id(),
        agent.name(),
        agent.purpose(),
        agent.project(),
        agent.connectedAt(),
        agent.lastSeenAt(),
        agent.leaseExpiresAt(),
        of(agent, now),
        agent.model(),
        agent.host());
  }
}
