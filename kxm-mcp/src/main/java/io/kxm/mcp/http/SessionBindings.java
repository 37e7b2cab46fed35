package io.kxm.mcp.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which agent each MCP session acts as. The SDK does not report when it sweeps an idle session, so
 * a binding not seen for {@code idleTimeout} is dropped here too; a client that comes back after
 * that gets a 404 and, as MCP clients do, starts a new session.
 */
final class SessionBindings<P> {
  private static final Logger log = LoggerFactory.getLogger(SessionBindings.class);

  private final Map<String, Entry<P>> sessions = new ConcurrentHashMap<>();
  private final Clock clock;
  private final Duration idleTimeout;
  private volatile Instant nextSweep;

  SessionBindings(Clock clock, Duration idleTimeout) {
    this.clock = clock;
    this.idleTimeout = idleTimeout;
    this.nextSweep = clock.instant();
  }

  void put(AgentSession<P> session) {
    Entry<P> previous = sessions.put(session.sessionId(), new Entry<>(session, clock.instant()));
    if (previous != null && previous.session.peers() != session.peers()) {
      release(previous.session);
    }
  }

  /** The session's binding, marked as seen now; null when there is none. */
  AgentSession<P> touch(String sessionId) {
    Entry<P> entry = sessions.get(sessionId);
    if (entry == null) {
      return null;
    }
    entry.lastSeen = clock.instant();
    return entry.session;
  }

  void remove(String sessionId) {
    Entry<P> entry = sessions.remove(sessionId);
    if (entry != null) {
      release(entry.session);
    }
  }

  /** Drops bindings idle past the timeout; does the work at most once per tenth of it. */
  void evictIdle() {
    Instant now = clock.instant();
    if (now.isBefore(nextSweep)) {
      return;
    }
    nextSweep = now.plus(idleTimeout.dividedBy(10));
    Instant cutoff = now.minus(idleTimeout);
    sessions.forEach((id, entry) -> {
      if (entry.lastSeen.isBefore(cutoff) && sessions.remove(id, entry)) {
        release(entry.session);
      }
    });
  }

  /** Sessions of one agent, matched by principal and by name ignoring case. */
  List<AgentSession<P>> of(P principal, String agentName) {
    String name = agentName.toLowerCase(Locale.ROOT);
    return sessions.values().stream()
        .map(entry -> entry.session)
        .filter(s -> s.principal().equals(principal))
        .filter(s -> s.agentName().toLowerCase(Locale.ROOT).equals(name))
        .toList();
  }

  int size() {
    return sessions.size();
  }

  void clear() {
    sessions.keySet().forEach(this::remove);
  }

  static void release(AgentSession<?> session) {
    if (session.peers() instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        log.warn("closing the port of agent {} failed: {}", session.agentName(), e.toString());
      }
    }
  }

  private static final class Entry<P> {
    final AgentSession<P> session;
    volatile Instant lastSeen;

    Entry(AgentSession<P> session, Instant lastSeen) {
      this.session = session;
      this.lastSeen = lastSeen;
    }
  }
}
