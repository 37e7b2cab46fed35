package io.kxm.session.turn;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which queued turns may start: at most one running turn per session, at most {@code maxActive}
 * across sessions, and first come first served. Runs of one session keep their order because a
 * session's later run is skipped while its earlier one runs or waits. Not thread-safe: the service
 * holds one lock around every call, which is what makes admission and start race-free.
 */
final class TurnQueue {
  /** A run waiting for a slot, in submission order. */
  record Waiting(String runId, String sessionId) {}

  private final int maxActive;
  private final Map<String, String> waiting = new LinkedHashMap<>();
  private final Set<String> busySessions = new HashSet<>();

  TurnQueue(int maxActive) {
    if (maxActive < 1) {
      throw new IllegalArgumentException("maxActive must be at least 1; got " + maxActive);
    }
    this.maxActive = maxActive;
  }

  void add(String runId, String sessionId) {
    waiting.put(runId, sessionId);
  }

  boolean isWaiting(String runId) {
    return waiting.containsKey(runId);
  }

  boolean remove(String runId) {
    return waiting.remove(runId) != null;
  }

  int waitingIn(String sessionId) {
    int count = 0;
    for (String session : waiting.values()) {
      if (session.equals(sessionId)) {
        count++;
      }
    }
    return count;
  }

  /** Takes every run that may start now and marks its session busy. */
  List<Waiting> takeStartable() {
    List<Waiting> start = new ArrayList<>();
    Iterator<Map.Entry<String, String>> it = waiting.entrySet().iterator();
    while (it.hasNext() && busySessions.size() < maxActive) {
      Map.Entry<String, String> entry = it.next();
      String session = entry.getValue();
      if (busySessions.contains(session)) {
        continue;
      }
      it.remove();
      busySessions.add(session);
      start.add(new Waiting(entry.getKey(), session));
    }
    return start;
  }

  /** The session's running turn ended; its next run may start. */
  void release(String sessionId) {
    busySessions.remove(sessionId);
  }

  int active() {
    return busySessions.size();
  }

  /** Empties the queue, for a drain; returns what waited, oldest first. */
  List<Waiting> clear() {
    List<Waiting> all = new ArrayList<>();
    waiting.forEach((run, session) -> all.add(new Waiting(run, session)));
    waiting.clear();
    return all;
  }
}
