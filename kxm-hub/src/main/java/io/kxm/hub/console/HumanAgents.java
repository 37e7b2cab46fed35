package io.kxm.hub.console;

import io.kxm.hub.agents.AgentProfile;
import io.kxm.hub.agents.Registration;

/**
 * Registers (or reconnects) an agent: the messaging feature's registration, through which the
 * console gives each operator of a project a human agent (named after the operator, purpose {@link
 * #PURPOSE}), so requests can be addressed to a person.
 */
@FunctionalInterface
public interface HumanAgents {
  String PURPOSE = "person";

  Registration register(String project, AgentProfile profile);
}
