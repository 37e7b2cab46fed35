package io.kxm.core.agent;

import java.util.Objects;

/**
 * The agent after registration.
 *
 * @param created true for a new agent, false when an existing name reconnected and its key rotated
 */
public record Registered(Agent agent, boolean created) {
  public Registered {
    Objects.requireNonNull(agent, "agent");
  }
}
