package io.kxm.mcp.http;

import io.kxm.core.peer.PeerOperations;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The agents that stateless (2026-07-28) requests act as, bound once per principal and name and
 * kept for the next request, since binding registers the agent again and so rotates its key. The
 * least recently used are released past {@value #MAX} agents.
 */
final class StatelessAgents<P> {
  static final int MAX = 1_000;

  private final SessionBinder<P> binder;
  private final Map<String, AgentSession<P>> agents =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, AgentSession<P>> eldest) {
          if (size() > MAX) {
            SessionBindings.release(eldest.getValue());
            return true;
          }
          return false;
        }
      };

  StatelessAgents(SessionBinder<P> binder) {
    this.binder = binder;
  }

  synchronized PeerOperations port(P principal, String agentName, String purpose) {
    String key = principal + "/" + agentName.toLowerCase(Locale.ROOT);
    AgentSession<P> known = agents.get(key);
    if (known == null) {
      known =
          new AgentSession<>(
              null, principal, agentName, purpose, binder.bind(principal, agentName, purpose));
      agents.put(key, known);
    }
    return known.peers();
  }

  synchronized void clear() {
    agents.values().forEach(SessionBindings::release);
    agents.clear();
  }
}
