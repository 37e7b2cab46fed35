package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.Presence;
import io.kxm.hub.agents.Presences;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Presence follows from the hub's clock and each agent's lease, so no write marks an agent going
 * stale or offline. This watch compares every agent's presence with what it last saw and logs each
 * change. The first look at an agent only remembers it: its registration already said online.
 */
final class PresenceWatch {
  private final StreamWriter writer;
  private final Presences presences;
  private final Clock clock;
  private final Map<String, Presence> seen = new HashMap<>();

  PresenceWatch(StreamWriter writer, Presences presences, Clock clock) {
    this.writer = writer;
    this.presences = presences;
    this.clock = clock;
  }

  /** One look at every live agent; called from one thread only. Writes only when one changed. */
  void check() {
    Instant at = clock.instant();
    Map<String, Presence> now = new HashMap<>();
    List<Agent> changed = new ArrayList<>();
    writer
        .store()
        .read(tx -> {
          for (String project : tx.agents().projects()) {
            for (Agent agent : tx.agents().listByProject(project)) {
              Presence presence = presences.of(agent, at);
              now.put(agent.id(), presence);
              Presence before = seen.get(agent.id());
              if (before != null && before != presence) {
                changed.add(agent);
              }
            }
          }
          return null;
        });
    if (!changed.isEmpty()) {
      writer.write((tx, events) -> {
        changed.forEach(agent -> AgentOps.presence(events, agent, now.get(agent.id())));
        return null;
      });
    }
    seen.keySet().retainAll(now.keySet());
    seen.putAll(now);
  }
}
