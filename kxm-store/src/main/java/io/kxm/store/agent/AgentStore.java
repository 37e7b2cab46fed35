package io.kxm.store.agent;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.agent.Registered;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Registered agents of every project, with their presence leases and key hashes. */
public interface AgentStore {

  /**
   * Registers a new agent, or reconnects the one already registered under this name in the project
   * (compared case-insensitively): it keeps its id and display name, and its key hash, purpose,
   * model, host, connection time and presence lease are replaced. Atomic under concurrent calls.
   */
  Registered register(AgentRegistration registration);

  Optional<Agent> findById(String agentId);

  /** The agent named {@code name} in {@code project}, ignoring case. */
  Optional<Agent> findByName(String project, String name);

  /** Every agent of the project, online or not, by name. */
  List<Agent> listByProject(String project);

  /**
   * Marks the agent seen now and extends its presence lease to now plus {@code presence}.
   *
   * @return the updated agent, or empty when no agent has this id
   */
  Optional<Agent> renewPresence(String agentId, Duration presence);

  /** Ends the presence lease now, for an agent that disconnects on purpose. */
  Optional<Agent> endPresence(String agentId);

  /**
   * Whether {@code presentedKey} is the agent's current key, compared as SHA-256 hashes in constant
   * time. False for an unknown agent.
   */
  boolean keyMatches(String agentId, String presentedKey);
}
