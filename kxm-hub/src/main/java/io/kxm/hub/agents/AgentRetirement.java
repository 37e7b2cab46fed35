package io.kxm.hub.agents;

import io.kxm.core.agent.Agent;
import io.kxm.core.agent.AgentNames;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.lease.Lease;
import io.kxm.hub.ops.AgentOps;
import io.kxm.hub.stream.EventAppender;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Tx;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Retiring agents for good: one at a time (by an operator, or by the agent itself), and in bulk for
 * agents offline longer than some time. A retired agent is offline at once, its key stops working,
 * its name is free for a new agent, and the requests still waiting on it end as {@code expired}, so
 * their senders learn at once instead of at the end of the TTL. The hub's own agents are never
 * retired, and neither is an agent that holds a lease: its holder may still be at work, and taking
 * the lease from under it would defeat the fencing.
 */
public final class AgentRetirement {
  /** At most this many agents go in one prune, so the write stays short; prune again for more. */
  public static final int PRUNE_MAX = 200;

  private final StreamWriter writer;
  private final PresenceKeeper keeper;
  private final Clock clock;
  private final RetireHook hook;

  public AgentRetirement(StreamWriter writer, PresenceKeeper keeper, Clock clock, RetireHook hook) {
    this.writer = writer;
    this.keeper = keeper;
    this.clock = clock;
    this.hook = Objects.requireNonNull(hook, "hook");
  }

  /** Retires the live agent with this id, or refuses with the reason. */
  public RetiredAgent retire(String agentId) {
    RetiredAgent retired =
        writer.write((tx, events) -> {
          Agent agent =
              tx.agents()
                  .findById(agentId)
                  .orElseThrow(() ->
                      new KxmException(
                          ErrorCode.AGENT_NOT_FOUND, "no live agent has the id " + agentId));
          refusal(tx, agent)
              .ifPresent(e -> {
                throw e;
              });
          return retireIn(tx, events, agent);
        });
    keeper.forget(agentId);
    return retired;
  }

  /** Retires the live agent named {@code name} (ignoring case) in {@code project}. */
  public RetiredAgent retire(String project, String name) {
    Agent agent =
        writer
            .store()
            .agents()
            .findByName(project, name)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.AGENT_NOT_FOUND,
                    "no live agent is named '" + name + "' in project '" + project + "'"));
    return retire(agent.id());
  }

  /**
   * Retires the agents whose presence ended more than {@code offlineFor} ago, in {@code project} or
   * in every project when it is null. Agents that may not be retired (the hub's own, lease holders)
   * are skipped. With {@code dryRun} nothing changes and the answer lists what would go.
   */
  public List<RetiredAgent> prune(String project, Duration offlineFor, boolean dryRun) {
    return pruneWhere(project, offlineFor, dryRun, agent -> true);
  }

  /**
   * Housekeeping: retires agents named {@code cli-<pid>} or {@code mcp-<pid>} that have been
   * offline longer than {@code ttl}. Such names are made up for one process; nobody comes back as
   * them.
   */
  public List<RetiredAgent> pruneShortLived(Duration ttl) {
    return pruneWhere(null, ttl, false, agent -> AgentNames.isShortLived(agent.name()));
  }

  private List<RetiredAgent> pruneWhere(
      String project, Duration offlineFor, boolean dryRun, Predicate<Agent> eligible) {
    Instant cutoff = clock.instant().minus(offlineFor);
    if (dryRun) {
      return writer
          .store()
          .read(tx ->
              candidates(tx, project, cutoff, eligible).stream()
                  .map(agent -> RetiredAgent.of(agent, 0))
                  .toList());
    }
    List<RetiredAgent> retired =
        writer.write((tx, events) -> {
          List<RetiredAgent> done = new ArrayList<>();
          for (Agent agent : candidates(tx, project, cutoff, eligible)) {
            done.add(retireIn(tx, events, agent));
          }
          return done;
        });
    retired.forEach(agent -> keeper.forget(agent.agentId()));
    return retired;
  }

  private static List<Agent> candidates(
      Tx tx, String project, Instant cutoff, Predicate<Agent> eligible) {
    return tx.agents().offlineSince(project, cutoff, PRUNE_MAX).stream()
        .filter(eligible)
        .filter(agent -> refusal(tx, agent).isEmpty())
        .toList();
  }

  private RetiredAgent retireIn(Tx tx, EventAppender events, Agent agent) {
    int expired = hook.retiring(tx, events, agent);
    tx.agents().retire(agent.id());
    AgentOps.retired(events, agent);
    return RetiredAgent.of(agent, expired);
  }

  /** Why this agent may not be retired, if it may not. */
  private static Optional<KxmException> refusal(Tx tx, Agent agent) {
    if (AgentNames.isReserved(agent.name())) {
      return Optional.of(
          new KxmException(
              ErrorCode.NAME_RESERVED,
              "agent "
                  + agent.id()
                  + " ("
                  + agent.name()
                  + ") is the hub's own agent in project '"
                  + agent.project()
                  + "' and is never retired"));
    }
    List<Lease> leases = tx.leases().liveHeldBy(agent.id());
    if (!leases.isEmpty()) {
      return Optional.of(
          new KxmException(
              ErrorCode.AGENT_HOLDS_LEASES,
              "agent "
                  + agent.id()
                  + " ("
                  + agent.name()
                  + ") holds "
                  + leases.size()
                  + " live lease(s), first "
                  + leases.getFirst().resource()
                  + " until "
                  + leases.getFirst().expiresAt()));
    }
    return Optional.empty();
  }
}
