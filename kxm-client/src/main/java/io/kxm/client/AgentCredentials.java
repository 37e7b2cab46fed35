package io.kxm.client;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * What registration hands back: who the agent is and the key its calls carry.
 *
 * @param agentId stable across reconnects under the same name
 * @param agentKey sent as {@code X-KXM-Agent-Key}; rotates at every registration, never logged
 * @param name the agent's name as registered
 * @param project the project it belongs to
 * @param presenceLease how long presence lasts without a heartbeat
 * @param connectedAt when this registration began by the hub's clock, or null when not reported
 */
public record AgentCredentials(
    String agentId,
    String agentKey,
    String name,
    String project,
    Duration presenceLease,
    Instant connectedAt) {

  public AgentCredentials {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(agentKey, "agentKey");
    Objects.requireNonNull(presenceLease, "presenceLease");
  }

  /** Never prints the key: records print every component by default. */
  @Override
  public String toString() {
    return "AgentCredentials[agentId=%s, name=%s, project=%s]".formatted(agentId, name, project);
  }
}
