package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionSettings;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.Sessions;
import io.kxm.session.api.TurnObserver;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The session service over a {@link SessionStore}: admits turns, starts each when its session and a
 * global slot are free (see {@link TurnScheduler}), and stops them on cancel or shutdown.
 */
public final class SessionService implements Sessions {
  private static final Logger LOG = LoggerFactory.getLogger(SessionService.class);
  private static final int MAX_LIST = 1000;
  private static final Duration STOP_WAIT = Duration.ofSeconds(10);
  private static final Duration ORPHAN_GRACE = Duration.ofSeconds(2);

  private final SessionStore store;
  private final boolean ownsStore;
  private final HistoryCache cache;
  private final TurnScheduler scheduler;
  private final Resolutions resolutions;
  private final ScheduledExecutorService sweeper;

  /** How turns are shared with other runtime instances; null on a store only this one uses. */
  private final SharedTurns shared;

  private volatile RestartReconciler.Reconciliation reconciliation;

  private SessionService(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings,
      TurnObserver observer,
      Predicate<String> liveInstances) {
    this.store = store;
    this.ownsStore = ownsStore;
    this.cache = new HistoryCache(store, clock, settings.idleTtl());
    this.scheduler =
        new TurnScheduler(
            settings.maxActiveRuns(),
            settings.maxQueuedRuns(),
            next ->
                new TurnRunner(
                    store,
                    cache,
                    harnesses,
                    next.runId(),
                    next.sessionId(),
                    settings.turnTimeout(),
                    observer));
    this.shared =
        liveInstances == null
            ? null
            : new SharedTurns(
                store,
                store
                    .shared()
                    .orElseThrow(() ->
                        new IllegalArgumentException("the session store is not a shared one")),
                liveInstances,
                scheduler,
                new OrphanProcesses(ORPHAN_GRACE));
    this.resolutions = new Resolutions(store, scheduler, shared);
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
   * @param harnesses the harness for a session's spec, usually {@link Harnesses#standard()}
   * @param ownsStore whether {@link #close()} closes the store too
   */
  public static SessionService start(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings)
      throws InterruptedException {
    return start(store, ownsStore, harnesses, clock, settings, TurnObserver.NONE);
  }

  /**
   * As {@link #start(SessionStore, boolean, Function, Clock, SessionSettings)}, telling {@code
   * observer} of each turn's end.
   */
  public static SessionService start(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings,
      TurnObserver observer)
      throws InterruptedException {
    RestartReconciler.Reconciliation done =
        new RestartReconciler(store, new OrphanProcesses(ORPHAN_GRACE)).reconcile();
    SessionService service =
        new SessionService(store, ownsStore, harnesses, clock, settings, observer, null);
    service.reconciliation = done;
    return service;
  }

  /**
   * Starts serving as one of several runtime instances on a shared store ({@link
   * SessionStore#shared()}): nothing another instance runs is touched; only runs from before
   * instances were recorded are reconciled now, and a dead instance's when it is {@linkplain #adopt
   * adopted}.
   *
   * @param liveInstances whether an instance still holds its lease
   */
  public static SessionService startShared(
      SessionStore store,
      boolean ownsStore,
      Function<HarnessSpec, Harness> harnesses,
      Clock clock,
      SessionSettings settings,
      TurnObserver observer,
      Predicate<String> liveInstances)
      throws InterruptedException {
    SessionService service =
        new SessionService(
            store,
            ownsStore,
            harnesses,
            clock,
            settings,
            observer,
            Objects.requireNonNull(liveInstances, "liveInstances"));
    try {
      service.reconciliation = service.shared.adoptUnrecorded();
      service.shared.listen();
    } catch (InterruptedException | RuntimeException e) {
      service.close();
      throw e;
    }
    return service;
  }

  /**
   * Takes over what instance {@code deadInstance}, whose lease this instance claimed, left: its
   * running runs end {@code interrupted}, its sessions and their queued runs become this one's.
   *
   * @param sameHost whether it ran on this machine, so its harness processes can be ended here
   */
  public RestartReconciler.Reconciliation adopt(String deadInstance, boolean sameHost)
      throws InterruptedException {
    if (shared == null) {
      throw new IllegalStateException("only a service on a shared store adopts other instances");
    }
    return shared.adopt(deadInstance, sameHost);
  }

  /** Orphan harness trees ended and runs marked interrupted when this service started. */
  public RestartReconciler.Reconciliation reconciliation() {
    return reconciliation;
  }

  /** Sessions whose history is held in memory now. */
  public int cachedSessions() {
    return cache.size();
  }

  @Override
  public boolean isResident(String sessionId) {
    return cache.holds(sessionId);
  }

  @Override
  public int residentSessions() {
    return cache.size();
  }

  @Override
  public Hold hold(String sessionId) {
    cache.acquire(sessionId);
    return () -> cache.release(sessionId);
  }

  /** Turns running now across all sessions. */
  public int activeRuns() {
    return scheduler.activeCount();
  }

  @Override
  public Session create(String workspaceRoot, HarnessSpec harness, String model) {
    String root = SessionInputs.workspaceRoot(workspaceRoot);
    HarnessSpec spec = SessionInputs.harness(harness);
    String checkedModel = SessionInputs.model(model);
    SessionRouteCheck.admit(root, spec, checkedModel);
    return store.createSession(root, spec, checkedModel);
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
    // Read routes.yaml before taking the scheduler's lock, which file reads should not hold up.
    Session session = session(sessionId);
    SessionRouteCheck.admit(session.workspaceRoot(), session.harness(), session.model());
    return scheduler.exclusively(() -> {
      if (shared != null && !shared.runsHere(sessionId)) {
        // Queued in the store; the instance that owns the session takes it from there.
        scheduler.checkNotDraining();
        return store.createRun(sessionId, text, null);
      }
      scheduler.checkAdmission(sessionId);
      SessionRun run = store.createRun(sessionId, text, null);
      scheduler.enqueue(run.id(), sessionId);
      return run;
    });
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
    record Decision(SessionRun cancelled, TurnRunner runner, SessionRun elsewhere) {}
    Decision decision =
        scheduler.exclusively(() -> {
          SessionRun run = run(runId);
          if (scheduler.withdraw(runId)) {
            return new Decision(
                store.transition(
                    runId,
                    SessionRunStatus.CANCELLED,
                    new SessionStore.Ending(null, null, null),
                    Json.object()),
                null,
                null);
          }
          TurnRunner runner = scheduler.running(runId);
          if (runner == null && shared != null && !run.status().isTerminal()) {
            return new Decision(null, null, run);
          }
          if (runner == null) {
            throw new KxmException(
                ErrorCode.RUN_TERMINAL, "run " + runId + " already ended " + run.status().wire());
          }
          return new Decision(null, runner, null);
        });
    if (decision.cancelled() != null) {
      return decision.cancelled();
    }
    if (decision.elsewhere() != null) {
      try {
        return shared.cancelElsewhere(decision.elsewhere(), STOP_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return run(runId);
      }
    }
    decision.runner().requestStop(TurnRunner.Stop.CANCEL);
    awaitEnd(decision.runner());
    return run(runId);
  }

  @Override
  public Session close(String sessionId) {
    // Closed first, so no turn is queued behind the cancels below.
    Session closed = scheduler.exclusively(() -> store.closeSession(sessionId));
    // The queued ones first, newest first, so none starts when the running one stops.
    List<SessionRun> unfinished = new ArrayList<>();
    for (SessionRun run : store.runs(sessionId)) {
      if (run.status() == SessionRunStatus.QUEUED) {
        unfinished.addFirst(run);
      } else if (!run.status().isTerminal()) {
        unfinished.add(run);
      }
    }
    for (SessionRun run : unfinished) {
      try {
        cancel(run.id());
      } catch (KxmException e) {
        if (e.code() != ErrorCode.RUN_TERMINAL) {
          throw e;
        }
      }
    }
    return closed;
  }

  @Override
  public void delete(String sessionId) {
    scheduler.exclusively(() -> {
      store.deleteSession(sessionId);
      return null;
    });
    cache.forget(sessionId);
  }

  @Override
  public Resolved resolve(String runId, String interactionId, JsonNode answer) {
    return resolutions.resolve(runId, interactionId, answer);
  }

  @Override
  public List<Interaction> interactions(String runId) {
    run(runId);
    return store.interactions(runId);
  }

  @Override
  public List<SessionMessage> history(String sessionId) {
    session(sessionId);
    return store.messages(sessionId);
  }

  @Override
  public SessionStore store() {
    return store;
  }

  @Override
  public boolean isDraining() {
    return scheduler.isDraining();
  }

  @Override
  public boolean drain(Duration grace) throws InterruptedException {
    TurnScheduler.Leftovers left = scheduler.drain(grace);
    for (TurnQueue.Waiting waiting : left.waiting()) {
      interruptQueued(waiting.runId());
    }
    // Each stop may wait out a harness's TERM grace; stop them side by side.
    List<Thread> stops = new ArrayList<>();
    for (TurnRunner runner : left.running()) {
      stops.add(Thread.ofVirtual().start(() -> runner.requestStop(TurnRunner.Stop.SHUTDOWN)));
    }
    for (Thread stop : stops) {
      stop.join();
    }
    left.running().forEach(this::awaitEnd);
    scheduler.markDrained();
    return left.none();
  }

  @Override
  public void close() {
    try {
      if (!scheduler.isDrained()) {
        drain(Duration.ZERO);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      sweeper.shutdownNow();
      if (shared != null) {
        shared.close();
      }
      if (ownsStore) {
        store.close();
      }
    }
  }

  private void interruptQueued(String runId) {
    try {
      store.transition(
          runId,
          SessionRunStatus.INTERRUPTED,
          new SessionStore.Ending(null, TurnEndings.SHUTDOWN_GRACE_EXPIRED, null),
          Json.object().put("error", TurnEndings.SHUTDOWN_GRACE_EXPIRED));
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
