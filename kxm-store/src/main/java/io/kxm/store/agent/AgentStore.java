package io.kxm.store.agent;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.agent.Registered;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Registered agents of every project, with their presence leases and key hashes. A retired agent is
 * kept as a row (the requests it sent or received still point at it) but no call here finds, renews
 * or authenticates it any more, and its name is free for a new agent.
 */
public interface AgentStore {

  /**
   * Registers a new agent, or reconnects the one already registered under this name in the project
   * (compared case-insensitively): it keeps its id and display name, and its key hash, purpose,
   * model, host, connection time and presence lease are replaced. Atomic under concurrent calls.
   */
  Registered register(AgentRegistration registration);

  Optional<Agent> findById(String agentId);

  /** The name of the agent with this id, retired or not, for showing past requests. */
  Optional<String> nameOf(String agentId);

  /** The agent named {@code name} in {@code project}, ignoring case. */
  Optional<Agent> findByName(String project, String name);

  /** Every agent of the project, online or not, by name. */
  List<Agent> listByProject(String project);

  /** The projects that have at least one live (not retired) agent, by name. */
  List<String> projects();

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
  default boolean keyMatches(String agentId, String presentedKey) {
    return findByKey(agentId, presentedKey).isPresent();
  }

  /**
   * The agent with this id when {@code presentedKey} is its current key (checked as {@link
   * #keyMatches} checks it), in one read: what every agent route asks first.
   */
  Optional<Agent> findByKey(String agentId, String presentedKey);

  /**
   * Retires the agent now: its name is freed, its key stops working and it is offline at once.
   *
   * @return the agent as it was just before, or empty when no live agent has this id
   */
  Optional<Agent> retire(String agentId);

  /**
   * Live agents whose presence lease ended before {@code cutoff}, longest offline first, at most
   * {@code limit}; in {@code project} only, or in every project when it is null.
   */
  List<Agent> offlineSince(String project, Instant cutoff, int limit);

  /**
   * How another live agent's project spells {@code project} when it differs only in letter case;
   * empty when no project is spelled so, or when it is spelled exactly like this.
   */
  Optional<String> projectSpelledOtherwise(String project);
}
