package io.kxm.hub.console;

import java.util.Objects;

/**
 * The agent a console session registered for its operator, so requests can be addressed to a
 * person. The key stays on the server: the page never sees it.
 *
 * @param agentId the agent's durable id
 * @param name the agent's name, the operator's name
 * @param project the project it is registered in
 * @param key its current agent key
 */
public record HumanAgent(String agentId, String name, String project, String key) {
  public HumanAgent {
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(project, "project");
    Objects.requireNonNull(key, "key");
  }

  /** Never prints the key. */
  @Override
  public String toString() {
    return "HumanAgent[agentId=" + agentId + ", name=" + name + ", project=" + project + "]";
  }
}
