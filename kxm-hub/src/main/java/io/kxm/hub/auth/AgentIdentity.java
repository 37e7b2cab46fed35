package io.kxm.hub.auth;

import java.util.Objects;

/** A registered agent proven by its key: the project it belongs to and its durable id. */
public record AgentIdentity(String project, String agentId) {
  public AgentIdentity {
    ProjectNames.require(project);
    Objects.requireNonNull(agentId, "agentId");
  }
}
