package io.kxm.cli.agent.worker;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a running worker is doing, kept in memory and written to its registry entry on every change,
 * so {@code --list} shows it and the next start reuses its sessions. Thread-safe.
 */
final class WorkerStatus {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerStatus.class);
  private static final int MAX_FAILURES_KEPT = 200;

  private final WorkerRegistry registry;
  private final Clock clock;
  private final WorkerRecord base;
  private final List<String> sessions;
  private final Set<String> inFlight = new LinkedHashSet<>();
  private final Map<String, WorkerRecord.Failure> failures = new LinkedHashMap<>();
  private final Map<String, WorkerRecord.Waiting> waiting = new LinkedHashMap<>();
  private long answered;

  /**
   * @param base the worker's identity; its sessions are the ones a previous run of the same worker
   *     left, to be reused
   */
  WorkerStatus(WorkerRegistry registry, Clock clock, WorkerRecord base) {
    this.registry = registry;
    this.clock = clock;
    this.base = base;
    this.sessions = new ArrayList<>(base.sessions());
  }

  synchronized Optional<String> session(int slot) {
    return slot < sessions.size()
        ? Optional.ofNullable(sessions.get(slot)).filter(s -> !s.isEmpty())
        : Optional.empty();
  }

  synchronized void session(int slot, String sessionId) {
    while (sessions.size() <= slot) {
      sessions.add(null);
    }
    sessions.set(slot, sessionId);
    write();
  }

  synchronized void started(String messageId) {
    inFlight.add(messageId);
    write();
  }

  /**
   * Records that the turn for {@code messageId} waits for a person, or no longer does (null); an
   * entry is written only when it changes.
   */
  synchronized void waiting(String messageId, WorkerRecord.Waiting now) {
    WorkerRecord.Waiting before = waiting.get(messageId);
    if (now == null
        ? before == null
        : before != null && before.interactionId().equals(now.interactionId())) {
      return;
    }
    if (now == null) {
      waiting.remove(messageId);
    } else {
      waiting.put(messageId, now);
      LOG.info(
          "worker {}: request {} waits for an answer to {}; answer with: {}",
          base.name(),
          messageId,
          now.interactionId(),
          now.answerCommand());
    }
    write();
  }

  synchronized void answered(String messageId) {
    inFlight.remove(messageId);
    waiting.remove(messageId);
    failures.remove(messageId);
    answered++;
    write();
  }

  /** Records a failed turn; the request stays open on the hub. */
  synchronized void failed(
      String messageId, int attempts, String error, String detail, boolean gaveUp) {
    inFlight.remove(messageId);
    waiting.remove(messageId);
    failures.remove(messageId);
    failures.put(
        messageId, new WorkerRecord.Failure(attempts, error, detail, clock.instant(), gaveUp));
    while (failures.size() > MAX_FAILURES_KEPT) {
      failures.remove(failures.keySet().iterator().next());
    }
    write();
  }

  /** The request ended on the hub without this worker's reply (cancelled, expired). */
  synchronized void dropped(String messageId) {
    inFlight.remove(messageId);
    waiting.remove(messageId);
    failures.remove(messageId);
    write();
  }

  synchronized WorkerRecord snapshot() {
    return new WorkerRecord(
        base.name(),
        base.pid(),
        base.processStart(),
        base.project(),
        base.hub(),
        base.harness(),
        base.model(),
        base.workspace(),
        base.concurrency(),
        base.startedAt(),
        sessions.stream().map(s -> s == null ? "" : s).toList(),
        answered,
        List.copyOf(inFlight),
        failures,
        waiting);
  }

  synchronized void write() {
    try {
      registry.write(snapshot());
    } catch (RuntimeException e) {
      // The entry is for people and the next start; the work goes on without it.
      LOG.warn("could not write the worker entry of {}: {}", base.name(), e.toString());
    }
  }
}
