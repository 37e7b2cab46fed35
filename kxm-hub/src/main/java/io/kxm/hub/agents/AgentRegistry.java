package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentKeys;
import io.kxm.core.agent.AgentRegistration;
import io.kxm.core.agent.Registered;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.AgentInfo;
import io.kxm.core.peer.Presence;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.ops.AgentOps;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/** Registration, presence and discovery of agents, for HTTP routes and in-process callers alike. */
public final class AgentRegistry {
  private final StreamWriter writer;
  private final Presences presences;
  private final PresenceKeeper keeper;
  private final Clock clock;
  private final ReconnectHook onReconnect;

  public AgentRegistry(
      StreamWriter writer,
      Presences presences,
      PresenceKeeper keeper,
      Clock clock,
      ReconnectHook onReconnect) {
    this.writer = writer;
    this.presences = presences;
    this.keeper = keeper;
    this.clock = clock;
    this.onReconnect = Objects.requireNonNull(onReconnect, "onReconnect");
  }

  /**
   * Registers a new agent, or reconnects the one registered under the same name (ignoring case) in
   * the project: it keeps its id, gets a fresh key (the old one stops working in the same commit)
   * and a fresh presence lease, and the reconnect hook runs in that transaction.
   */
  public Registration register(String project, AgentProfile profile) {
    ProjectNames.require(project);
    String key = AgentKeys.generate();
    AgentRegistration registration =
        new AgentRegistration(
            project,
            profile.name(),
            profile.purpose(),
            profile.model(),
            profile.host(),
            AgentKeys.hash(key),
            presences.lease());
    Registered registered =
        writer.write((tx, events) -> {
          tx.agents()
              .projectSpelledOtherwise(project)
              .ifPresent(spelled -> {
                throw ProjectNames.taken(project, spelled);
              });
          Registered r = tx.agents().register(registration);
          AgentOps.registered(events, r.agent(), r.created());
          if (!r.created()) {
            onReconnect.reconnected(tx, events, r.agent());
          }
          return r;
        });
    return new Registration(registered.agent(), key, registered.created());
  }

  /** The agent, which must exist: callers have already proven it by its key. */
  public Agent require(String agentId) {
    return store().agents().findById(agentId).orElseThrow(() -> gone(agentId));
  }

  /** Renews the presence lease: the agent is online for one more lease length from now. */
  public Agent heartbeat(String agentId) {
    return store()
        .agents()
        .renewPresence(agentId, presences.lease())
        .orElseThrow(() -> gone(agentId));
  }

  /**
   * Ends the presence lease now; the agent stays registered and is offline at once. Its streams may
   * still look open to the hub for a moment, so they stop renewing it first.
   */
  public Agent disconnect(String agentId) {
    keeper.forget(agentId);
    return store().agents().endPresence(agentId).orElseThrow(() -> gone(agentId));
  }

  /** Agents of the caller's project, the caller included, by name; offline ones only on request. */
  public List<AgentInfo> peers(Agent caller, boolean includeOffline) {
    var now = clock.instant();
    return store().agents().listByProject(caller.project()).stream()
        .map(agent -> presences.view(agent, now))
        .filter(info -> includeOffline || info.presence() != Presence.OFFLINE)
        .toList();
  }

  /** How many agents of {@code project} are online now; reads only. */
  public long onlineIn(String project) {
    var now = clock.instant();
    return store().agents().listByProject(project).stream()
        .map(agent -> presences.view(agent, now))
        .filter(info -> info.presence() != Presence.OFFLINE)
        .count();
  }

  public AgentInfo view(Agent agent) {
    return presences.view(agent, clock.instant());
  }

  public Presences presences() {
    return presences;
  }

  private Store store() {
    return writer.store();
  }

  private static KxmException gone(String agentId) {
    return new KxmException(ErrorCode.AGENT_KEY_INVALID, "agent " + agentId + " is not registered");
  }
}
