package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The in-memory state of active sessions: the session and its whole history, loaded from the store
 * on a session's first turn and kept up to date as turns add messages, so a turn does not read the
 * history back from disk. A session without a turn for {@code idleTtl} is dropped; the store still
 * holds everything, and its next turn loads it again. An open event stream holds its session as a
 * turn does ({@link SessionService#hold}), so a watched session stays in memory.
 */
final class HistoryCache {
  /** What a turn starts from. */
  record Snapshot(Session session, List<SessionMessage> history) {}

  private static final class Entry {
    final Session session;
    final List<SessionMessage> history;
    Instant lastUsed;
    int inUse;

    Entry(Session session, List<SessionMessage> history, Instant now) {
      this.session = session;
      this.history = new ArrayList<>(history);
      this.lastUsed = now;
    }
  }

  private final SessionStore store;
  private final Clock clock;
  private final Duration idleTtl;
  private final Map<String, Entry> entries = new HashMap<>();

  HistoryCache(SessionStore store, Clock clock, Duration idleTtl) {
    this.store = store;
    this.clock = clock;
    this.idleTtl = idleTtl;
  }

  /** Holds the session in memory until {@link #release}; loads it on first use. */
  synchronized Snapshot acquire(String sessionId) {
    Entry entry = entries.get(sessionId);
    if (entry == null) {
      Session session =
          store
              .session(sessionId)
              .orElseThrow(
                  () -> new KxmException(ErrorCode.SESSION_NOT_FOUND, "no session " + sessionId));
      entry = new Entry(session, store.messages(sessionId), clock.instant());
      entries.put(sessionId, entry);
    }
    entry.inUse++;
    entry.lastUsed = clock.instant();
    return new Snapshot(entry.session, List.copyOf(entry.history));
  }

  /** Adds messages a turn stored, so the next turn sees them without reading the store. */
  synchronized void append(String sessionId, List<SessionMessage> added) {
    Entry entry = entries.get(sessionId);
    if (entry != null) {
      entry.history.addAll(added);
    }
  }

  /** Drops a deleted session's history at once, whatever its idle time. */
  synchronized void forget(String sessionId) {
    entries.remove(sessionId);
  }

  synchronized void release(String sessionId) {
    Entry entry = entries.get(sessionId);
    if (entry != null) {
      entry.inUse = Math.max(0, entry.inUse - 1);
      entry.lastUsed = clock.instant();
    }
  }

  /**
   * Drops sessions idle for at least {@code idleTtl}; a session with a turn in progress stays.
   *
   * @return how many were dropped
   */
  synchronized int evictIdle() {
    Instant cutoff = clock.instant().minus(idleTtl);
    int before = entries.size();
    entries.values().removeIf(e -> e.inUse == 0 && !e.lastUsed.isAfter(cutoff));
    return before - entries.size();
  }

  synchronized boolean holds(String sessionId) {
    return entries.containsKey(sessionId);
  }

  synchronized int size() {
    return entries.size();
  }
}
