package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.LiveEvents;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SharedSessions;
import io.kxm.session.api.StreamKey;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How this runtime instance shares sessions with the others on one store. A session's turns run on
 * the instance that owns it; a prompt, an answer or a cancel sent to another instance is written to
 * the store, and the owner, which sees every instance's events, acts on it:
 *
 * <ul>
 *   <li>{@code run.queued} of a session it owns: it queues the run;
 *   <li>{@code interaction.resolved} of a run it executes: it hands the answer to the harness;
 *   <li>{@code run.cancel_requested} of a run it holds: it stops it.
 * </ul>
 *
 * A session whose owner left, or is gone with no run still recorded as running on it, is taken over
 * by the next instance that is sent a prompt for it. When an instance's lease lapses, the survivor
 * that claims it {@linkplain #adopt adopts} it: its running runs end {@code interrupted} (their
 * questions stay open), and its sessions, queued runs included, become the survivor's.
 */
final class SharedTurns implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SharedTurns.class);

  private final SessionStore store;
  private final SharedSessions shared;
  private final Predicate<String> isLive;
  private final TurnScheduler scheduler;
  private final OrphanProcesses orphans;
  private final ExecutorService reactions =
      Executors.newSingleThreadExecutor(Thread.ofVirtual().name("kxm-shared-turns").factory());

  SharedTurns(
      SessionStore store,
      SharedSessions shared,
      Predicate<String> isLive,
      TurnScheduler scheduler,
      OrphanProcesses orphans) {
    this.store = store;
    this.shared = shared;
    this.isLive = isLive;
    this.scheduler = scheduler;
    this.orphans = orphans;
  }

  /** Starts acting on what other instances write; call once the service is ready to run turns. */
  void listen() {
    shared.onCommitted(events -> reactions.execute(() -> react(events)));
  }

  String instanceId() {
    return shared.instanceId();
  }

  /**
   * Whether this instance runs the session's turns, taking the session over when its owner is gone
   * and nothing of the session is still recorded as running there. Call inside the scheduler's
   * {@code exclusively}.
   */
  boolean runsHere(String sessionId) {
    Optional<String> owner = shared.owner(sessionId);
    String me = shared.instanceId();
    if (owner.isPresent() && (owner.get().equals(me) || isLive.test(owner.get()))) {
      return owner.get().equals(me);
    }
    if (owner.isPresent() && stillRunsOn(owner.get(), sessionId)) {
      // Its lease has lapsed but nobody reconciled it yet; the survivor that does takes the
      // session.
      return false;
    }
    if (shared.takeOver(sessionId, owner)) {
      LOG.info("session {} taken over from {}", sessionId, owner.orElse("no owner"));
      queueWaitingRuns(sessionId);
      return true;
    }
    return shared.owner(sessionId).map(me::equals).orElse(false);
  }

  /**
   * Ends what a dead instance left: its harness processes when it ran on this host, its running
   * runs as {@code interrupted} ({@code server_restart}), then takes its sessions and queues their
   * waiting runs here.
   */
  RestartReconciler.Reconciliation adopt(String deadInstance, boolean sameHost)
      throws InterruptedException {
    List<SessionRun> running = shared.runningOn(deadInstance);
    int ended = sameHost ? endProcesses(running) : 0;
    int interrupted = RestartReconciler.interrupt(store, running);
    for (String sessionId : shared.takeAllOf(deadInstance)) {
      scheduler.exclusively(() -> {
        queueWaitingRuns(sessionId);
        return null;
      });
    }
    return new RestartReconciler.Reconciliation(ended, interrupted);
  }

  /**
   * At start: runs left running by a supervisor from before instances were recorded have no
   * instance to wait for, so they end now as a restart ends them.
   */
  RestartReconciler.Reconciliation adoptUnrecorded() throws InterruptedException {
    List<SessionRun> running = shared.runningOn(null);
    int ended = endProcesses(running);
    return new RestartReconciler.Reconciliation(ended, RestartReconciler.interrupt(store, running));
  }

  /**
   * Refuses an answer or a cancel for a run that another instance executes unless that instance
   * still holds its lease: written now, nothing would take it.
   */
  void requireExecutorLive(SessionRun run) {
    Optional<String> executor = shared.executor(run.id());
    if (executor.isEmpty() || !isLive.test(executor.get())) {
      throw new KxmException(
          ErrorCode.RUN_INSTANCE_UNAVAILABLE,
          "run "
              + run.id()
              + " runs on instance "
              + executor.orElse("(unknown)")
              + ", which holds no live lease");
    }
  }

  /**
   * Cancels a run that this instance neither holds nor queues: a queued run nobody live will take
   * is cancelled at once; otherwise the owner is asked through the store and this waits up to
   * {@code wait} for the run to end.
   */
  SessionRun cancelElsewhere(SessionRun run, Duration wait) throws InterruptedException {
    if (run.status() == SessionRunStatus.QUEUED) {
      Optional<String> owner = shared.owner(run.sessionId());
      boolean ownerTakes =
          owner.isPresent() && !owner.get().equals(shared.instanceId()) && isLive.test(owner.get());
      if (!ownerTakes) {
        return store.transition(
            run.id(),
            SessionRunStatus.CANCELLED,
            new SessionStore.Ending(null, null, null),
            Json.object());
      }
    } else {
      requireExecutorLive(run);
    }
    try (LiveEvents.Subscription ends = store.live().subscribe(StreamKey.run(run.id()), 1024)) {
      store
          .append(
              run.id(),
              EventTypes.RUN_CANCEL_REQUESTED,
              Json.object().put("instanceId", shared.instanceId()))
          .join();
      long deadline = System.nanoTime() + wait.toNanos();
      SessionRun now = store.run(run.id()).orElseThrow();
      while (!now.status().isTerminal() && System.nanoTime() < deadline) {
        try {
          ends.poll(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        } catch (LiveEvents.Overflowed e) {
          // Only a wake-up was wanted; the status is read from the store below.
        }
        now = store.run(run.id()).orElseThrow();
      }
      return now;
    }
  }

  private void react(List<SessionEvent> events) {
    for (SessionEvent event : events) {
      try {
        switch (event.type()) {
          case EventTypes.RUN_QUEUED -> take(event.sessionId(), event.runId());
          case EventTypes.INTERACTION_RESOLVED ->
              deliver(event.runId(), event.data().path("interactionId").asString(""));
          case EventTypes.RUN_CANCEL_REQUESTED -> stop(event.runId());
          default -> {
            // every other event is for the streams alone
          }
        }
      } catch (RuntimeException e) {
        LOG.warn("acting on {} of run {} failed", event.type(), event.runId(), e);
      }
    }
  }

  /** A run queued by any instance for a session this one owns: queue it, unless already here. */
  private void take(String sessionId, String runId) {
    scheduler.exclusively(() -> {
      if (!scheduler.isDraining()
          && !known(runId)
          && shared.owner(sessionId).map(shared.instanceId()::equals).orElse(false)
          && store.run(runId).map(r -> r.status() == SessionRunStatus.QUEUED).orElse(false)) {
        scheduler.enqueue(runId, sessionId);
      }
      return null;
    });
  }

  private void deliver(String runId, String interactionId) {
    TurnRunner runner = scheduler.running(runId);
    if (runner == null || interactionId.isEmpty()) {
      return;
    }
    store
        .interaction(interactionId)
        .filter(i -> Interaction.RESOLVED.equals(i.status()))
        .ifPresent(i -> runner.answer(i, i.answer()));
  }

  private void stop(String runId) {
    TurnRunner runner =
        scheduler.exclusively(() -> {
          if (scheduler.withdraw(runId)) {
            store.transition(
                runId,
                SessionRunStatus.CANCELLED,
                new SessionStore.Ending(null, null, null),
                Json.object());
            return null;
          }
          return scheduler.running(runId);
        });
    if (runner != null) {
      // A stop may wait out the harness's TERM grace; the next events need not wait for it.
      Thread.ofVirtual()
          .name("kxm-cancel-" + runId)
          .start(() -> runner.requestStop(TurnRunner.Stop.CANCEL));
    }
  }

  private boolean known(String runId) {
    return scheduler.isWaiting(runId) || scheduler.running(runId) != null;
  }

  private void queueWaitingRuns(String sessionId) {
    if (scheduler.isDraining()) {
      return;
    }
    for (SessionRun run : store.runs(sessionId)) {
      if (run.status() == SessionRunStatus.QUEUED && !known(run.id())) {
        scheduler.enqueue(run.id(), sessionId);
      }
    }
  }

  private boolean stillRunsOn(String instance, String sessionId) {
    return shared.runningOn(instance).stream().anyMatch(r -> r.sessionId().equals(sessionId));
  }

  private int endProcesses(List<SessionRun> runs) throws InterruptedException {
    Set<String> ids = new HashSet<>();
    runs.forEach(r -> ids.add(r.id()));
    int ended = 0;
    for (SessionStore.RecordedProcess process : store.runningProcesses()) {
      if (ids.contains(process.runId()) && orphans.end(process.pid(), process.processStart())) {
        ended++;
      }
    }
    return ended;
  }

  @Override
  public void close() {
    reactions.shutdownNow();
  }
}
