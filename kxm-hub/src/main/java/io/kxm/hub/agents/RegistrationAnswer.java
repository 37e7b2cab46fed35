package io.kxm.hub.agents;

import io.kxm.core.peer.AgentInfo;

/**
 * The answer to a registration: the only place an agent key ever leaves the hub.
 *
 * @param presenceLeaseMs how long the agent stays online without a heartbeat or an open stream
 */
public record RegistrationAnswer(
    String agentId,
    String agentKey,
    String name,
    String project,
    long presenceLeaseMs,
    AgentInfo agent) {

  static RegistrationAnswer of(Registration registration, AgentInfo info, long leaseMs) {
    return new RegistrationAnswer(
        info.id(), registration.agentKey(), info.name(), info.project(), leaseMs, info);
  }

  @Override
  public String toString() {
    return "RegistrationAnswer[agentId=" + agentId + ", name=" + name + "]";
  }
}
