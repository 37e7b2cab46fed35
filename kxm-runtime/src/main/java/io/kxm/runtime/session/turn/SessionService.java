package io.kxm.runtime.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.session.api.Harness;
import io.kxm.runtime.session.api.HarnessSpec;
import io.kxm.runtime.session.api.Interaction;
import io.kxm.runtime.session.api.Message;
import io.kxm.runtime.session.api.Session;
import io.kxm.runtime.session.api.SessionRun;
import io.kxm.runtime.session.api.SessionRunStatus;
import io.kxm.runtime.session.api.SessionSettings;
import io.kxm.runtime.session.api.SessionStore;
import io.kxm.runtime.session.api.Sessions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session service over a {@link SessionStore}: admits turns, starts each when its session and a
 * global slot are free, and stops them on cancel or shutdown. Admission, start and stop decisions
 * are made under one lock, so two turns of a session can never overlap; the turns themselves run on
 * virtual threads outside it.
 */
public final class SessionService implements Sessions {
  private static final Logger LOG = LoggerFactory.getLogger(SessionService.class);
  private static final int MAX_LIST = 1000;
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);

  private final SessionStore store;
  private final boolean ownsStore;
  private final Function<HarnessSpec, Harness> harnesses;
  private final SessionSettings settings;
  private final HistoryCache cache;
  private final RestartReconciler.Reconciliation reconciliation;
  private final ScheduledExecutorService sweeper;
  private final Object lock = new Object();
  private final TurnQueue queue;
  private final Map<String, TurnRunner> active = new HashMap<>();
  private boolean draining;
  private boolean drained;

  private SessionService(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings,
      RestartReconciler.Reconciliation reconciliation) {
    this.store = store;
    this.ownsStore = ownsStore;
    this.harnesses = harnesses;
    this.settings = settings;
    this.reconciliation = reconciliation;
    this.queue = new TurnQueue(settings.maxActiveRuns());
    this.cache = new HistoryCache(store, clock, settings.idleTtl());
    this.sweeper =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("kxm-session-sweeper").factory());
    long period = Math.clamp(settings.idleTtl().toMillis() / 2, 10, 60_000);
    sweeper.scheduleWithFixedDelay(this::sweep, period, period, TimeUnit.MILLISECONDS);
  }

  /**
   * Reconciles what a previous supervisor left in the store (see {@link #reconciliation()}), then
   * starts serving.
   *
   * @param ownsStore whether {@link #close()} closes the store too
   */
  public static SessionService start(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings)
      throws InterruptedException {
    RestartReconciler.Reconciliation done =
        new RestartReconciler(store, new OrphanProcesses(Duration.ofSeconds(2))).reconcile();
    return new SessionService(store, ownsStore, harnesses, clock, settings, done);
  }

  /** Orphan harness trees ended and runs marked interrupted when this service started. */
  public RestartReconciler.Reconciliation reconciliation() {
    return reconciliation;
  }

  /** Sessions whose history is held in memory now. */
  public int cachedSessions() {
    return cache.size();
  }

  /** Turns running now across all sessions. */
  public int activeRuns() {
    synchronized (lock) {
      return active.size();
    }
  }

  @Override
  public Session create(String workspaceRoot, HarnessSpec harness, String model) {
    String root = SessionInputs.workspaceRoot(workspaceRoot);
    HarnessSpec spec = SessionInputs.harness(harness);
    return store.createSession(root, spec, SessionInputs.model(model));
  }

  @Override
  public Session session(String sessionId) {
    return store
        .session(sessionId)
        .orElseThrow(
            () -> new KxmException(ErrorCode.SESSION_NOT_FOUND, "no session " + sessionId));
  }

  @Override
  public List<Session> list(int limit) {
    if (limit < 1 || limit > MAX_LIST) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST, "limit must be 1 to " + MAX_LIST + "; got " + limit);
    }
    return store.sessions(limit);
  }

  @Override
  public SessionRun submit(String sessionId, String prompt) {
    String text = SessionInputs.prompt(prompt);
    synchronized (lock) {
      refuseWhileDraining();
      session(sessionId);
      refuseWhenFull(sessionId);
      SessionRun run = store.createRun(sessionId, text, null);
      queue.add(run.id(), sessionId);
      startReady();
      return run;
    }
  }

  @Override
  public SessionRun run(String runId) {
    return store
        .run(runId)
        .orElseThrow(() -> new KxmException(ErrorCode.RUN_NOT_FOUND, "no session run " + runId));
  }

  @Override
  public List<SessionRun> runs(String sessionId) {
    session(sessionId);
    return store.runs(sessionId);
  }

  @Override
  public SessionRun cancel(String runId) {
    TurnRunner runner;
    synchronized (lock) {
      SessionRun run = run(runId);
      if (queue.remove(runId)) {
        return store.transition(
            runId,
            SessionRunStatus.CANCELLED,
            new SessionStore.Ending(null, null, null),
            Json.object());
      }
      runner = active.get(runId);
      if (runner == null) {
        throw new KxmException(
            ErrorCode.RUN_TERMINAL, "run " + runId + " already ended " + run.status().wire());
      }
    }
    runner.requestStop(TurnRunner.Stop.CANCEL);
    awaitEnd(runner);
    return run(runId);
  }

  @Override
  public Resolved resolve(String runId, String interactionId, JsonNode rawAnswer) {
    Interaction asked = pendingInteraction(runId, interactionId);
    ObjectNode answer = Answers.check(asked.kind(), rawAnswer);
    TurnRunner runner = null;
    Resolved resolved;
    synchronized (lock) {
      pendingInteraction(runId, interactionId);
      SessionRun run = run(runId);
      if (run.status() == SessionRunStatus.INTERRUPTED) {
        resolved = resumeInterrupted(run, interactionId, answer);
      } else if (run.status() == SessionRunStatus.RUNNING && active.containsKey(runId)) {
        runner = active.get(runId);
        resolved =
            new Resolved(
                store.resolveInteraction(runId, interactionId, answer, Json.object()), null);
      } else {
        throw new KxmException(
            ErrorCode.RUN_TERMINAL,
            "run " + runId + " is " + run.status().wire() + "; its harness cannot take an answer");
      }
    }
    if (runner != null) {
      runner.answer(resolved.interaction(), answer);
    }
    return resolved;
  }

  @Override
  public List<Interaction> interactions(String runId) {
    run(runId);
    return store.interactions(runId);
  }

  @Override
  public List<Message> history(String sessionId) {
    session(sessionId);
    return store.messages(sessionId);
  }

  @Override
  public SessionStore store() {
    return store;
  }

  @Override
  public boolean isDraining() {
    synchronized (lock) {
      return draining;
    }
  }

  @Override
  public boolean drain(Duration grace) throws InterruptedException {
    List<TurnRunner> overdue;
    List<TurnQueue.Waiting> waiting;
    synchronized (lock) {
      draining = true;
      long deadline = System.nanoTime() + grace.toNanos();
      long left;
      while (!active.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
        lock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
      overdue = new ArrayList<>(active.values());
      waiting = queue.clear();
    }
    for (TurnQueue.Waiting w : waiting) {
      interruptQueued(w.runId());
    }
    List<Thread> stops = new ArrayList<>();
    for (TurnRunner runner : overdue) {
      stops.add(Thread.ofVirtual().start(() -> runner.requestStop(TurnRunner.Stop.SHUTDOWN)));
    }
    for (Thread stop : stops) {
      stop.join();
    }
    overdue.forEach(this::awaitEnd);
    synchronized (lock) {
      drained = true;
    }
    return overdue.isEmpty() && waiting.isEmpty();
  }

  @Override
  public void close() {
    boolean needsDrain;
    synchronized (lock) {
      needsDrain = !drained;
    }
    try {
      if (needsDrain) {
        drain(Duration.ZERO);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      sweeper.shutdownNow();
      if (ownsStore) {
        store.close();
      }
    }
  }

  private Resolved resumeInterrupted(SessionRun run, String interactionId, ObjectNode answer) {
    refuseWhileDraining();
    SessionRun continuation = waitingContinuation(run);
    boolean fresh = continuation == null;
    if (fresh) {
      refuseWhenFull(run.sessionId());
      continuation = store.createRun(run.sessionId(), run.prompt(), run.id());
    }
    Interaction interaction;
    try {
      interaction =
          store.resolveInteraction(
              run.id(),
              interactionId,
              answer,
              Json.object().put("continuationRunId", continuation.id()));
    } catch (RuntimeException e) {
      if (fresh) {
        store.transition(
            continuation.id(),
            SessionRunStatus.CANCELLED,
            new SessionStore.Ending(null, null, null),
            Json.object());
      }
      throw e;
    }
    if (fresh) {
      queue.add(continuation.id(), run.sessionId());
      startReady();
    }
    return new Resolved(interaction, continuation);
  }

  // A second answer to the same interrupted run joins the continuation that has not started yet,
  // which reads every answer when it starts.
  private SessionRun waitingContinuation(SessionRun interrupted) {
    for (SessionRun candidate : store.runs(interrupted.sessionId())) {
      if (interrupted.id().equals(candidate.resumedFrom()) && queue.isWaiting(candidate.id())) {
        return candidate;
      }
    }
    return null;
  }

  private Interaction pendingInteraction(String runId, String interactionId) {
    Interaction interaction =
        store
            .interaction(interactionId)
            .filter(i -> i.runId().equals(runId))
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.INTERACTION_NOT_FOUND,
                    "no interaction " + interactionId + " in run " + runId));
    if (!Interaction.PENDING.equals(interaction.status())) {
      throw new KxmException(
          ErrorCode.INTERACTION_ALREADY_RESOLVED,
          "interaction " + interactionId + " is already " + interaction.status());
    }
    return interaction;
  }

  private void refuseWhileDraining() {
    if (draining) {
      throw new KxmException(
          ErrorCode.SERVER_DRAINING, "the supervisor is shutting down; no new runs start");
    }
  }

  private void refuseWhenFull(String sessionId) {
    int queued = queue.waitingIn(sessionId);
    if (queued >= settings.maxQueuedRuns()) {
      throw new KxmException(
          ErrorCode.SESSION_QUEUE_FULL,
          "session "
              + sessionId
              + " already holds "
              + queued
              + " queued runs, the limit is "
              + settings.maxQueuedRuns());
    }
  }

  /** Starts every queued turn that may run now; called with the lock held. */
  private void startReady() {
    for (TurnQueue.Waiting next : queue.takeStartable()) {
      TurnRunner runner = new TurnRunner(store, cache, harnesses, next.runId(), next.sessionId());
      active.put(next.runId(), runner);
      runner.done().whenComplete((ignored, error) -> finished(runner));
      Thread.ofVirtual().name("kxm-turn-" + next.runId()).start(runner);
    }
  }

  private void finished(TurnRunner runner) {
    synchronized (lock) {
      active.remove(runner.runId());
      queue.release(runner.sessionId());
      if (!draining) {
        startReady();
      }
      lock.notifyAll();
    }
  }

  private void interruptQueued(String runId) {
    try {
      store.transition(
          runId,
          SessionRunStatus.INTERRUPTED,
          new SessionStore.Ending(null, TurnRunner.SHUTDOWN_GRACE_EXPIRED, null),
          Json.object().put("error", TurnRunner.SHUTDOWN_GRACE_EXPIRED));
    } catch (RuntimeException e) {
      LOG.warn("queued run {} could not be marked interrupted on shutdown", runId, e);
    }
  }

  private void awaitEnd(TurnRunner runner) {
    try {
      runner.done().get(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      LOG.warn("run {} did not end within {} after it was stopped", runner.runId(), STOP_WAIT);
    }
  }

  private void sweep() {
    try {
      cache.evictIdle();
    } catch (RuntimeException e) {
      LOG.warn("dropping idle sessions from memory failed", e);
    }
  }
}
