package io.kxm.store.agent;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.agent.Registered;
import io.kxm.store.Transactions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link AgentStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedAgentStore implements AgentStore {
  private final Transactions tx;

  public RoutedAgentStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public Registered register(AgentRegistration registration) {
    return tx.write(t -> t.agents().register(registration));
  }

  @Override
  public Optional<Agent> findById(String agentId) {
    return tx.read(t -> t.agents().findById(agentId));
  }

  @Override
  public Optional<String> nameOf(String agentId) {
    return tx.read(t -> t.agents().nameOf(agentId));
  }

  @Override
  public Optional<Agent> findByName(String project, String name) {
    return tx.read(t -> t.agents().findByName(project, name));
  }

  @Override
  public List<Agent> listByProject(String project) {
    return tx.read(t -> t.agents().listByProject(project));
  }

  @Override
  public List<String> projects() {
    return tx.read(t -> t.agents().projects());
  }

  @Override
  public Optional<Agent> renewPresence(String agentId, Duration presence) {
    return tx.write(t -> t.agents().renewPresence(agentId, presence));
  }

  @Override
  public Optional<Agent> endPresence(String agentId) {
    return tx.write(t -> t.agents().endPresence(agentId));
  }

  @Override
  public Optional<Agent> findByKey(String agentId, String presentedKey) {
    return tx.read(t -> t.agents().findByKey(agentId, presentedKey));
  }

  @Override
  public Optional<Agent> retire(String agentId) {
    return tx.write(t -> t.agents().retire(agentId));
  }

  @Override
  public List<Agent> offlineSince(String project, Instant cutoff, int limit) {
    return tx.read(t -> t.agents().offlineSince(project, cutoff, limit));
  }

  @Override
  public Optional<String> projectSpelledOtherwise(String project) {
    return tx.read(t -> t.agents().projectSpelledOtherwise(project));
  }
}
