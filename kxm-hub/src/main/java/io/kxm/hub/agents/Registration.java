package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import java.util.Objects;

/**
 * A registration the hub just made.
 *
 * @param agent the agent, with the id it keeps across reconnects
 * @param agentKey the fresh key, shown once; the previous key no longer works
 * @param created false when the name was already registered and this was a reconnect
 */
public record Registration(Agent agent, String agentKey, boolean created) {
  public Registration {
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(agentKey, "agentKey");
  }

  /** Never prints the key. */
  @Override
  public String toString() {
    return "Registration[agent="
        + agent.id()
        + ", name="
        + agent.name()
        + ", created="
        + created
        + "]";
  }
}
