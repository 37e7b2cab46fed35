package io.kxm.supervisor;

import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveBuses;
import io.kxm.fanout.RedisLiveBus;
import io.kxm.runtime.instance.RuntimeInstance;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.TurnObserver;
import io.kxm.session.store.PostgresSessionStore;
import io.kxm.session.store.SessionStores;
import io.kxm.session.stream.ActiveStreams;
import io.kxm.session.stream.EventStream;
import io.kxm.session.turn.Harnesses;
import io.kxm.session.turn.SessionService;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The sessions side of the supervisor: the session store in {@code runtime/sessions.db} (its runs'
 * signed heads in {@code runtime/session-heads.db}, under the runtime's receipt key), or in the
 * PostgreSQL database {@code KXM_RUNTIME_DATABASE_URL} names (see {@link SessionStores}), the
 * service that runs turns, and the open event streams. Opening it reconciles what a previous
 * supervisor left behind, so it happens before the server serves.
 */
final class SessionPlane implements AutoCloseable {
  /** How long the store's follower waits for a wake-up before it reads anyway. */
  private static final Duration POLL_WITH_REDIS = Duration.ofSeconds(2);

  private static final Duration POLL_WITHOUT_REDIS = Duration.ofMillis(250);

  private final SessionService sessions;
  private final ActiveStreams streams;
  private final EventStream events;
  private final SupervisorLog log;

  /** Where instances wake each other; null unless the store is shared. */
  private final LiveBus bus;

  private SessionPlane(
      SessionService sessions, SupervisorConfig config, SupervisorLog log, LiveBus bus) {
    this.sessions = sessions;
    this.log = log;
    this.bus = bus;
    this.streams = new ActiveStreams();
    this.events = new EventStream(sessions.store(), config.sessions(), streams);
  }

  /**
   * @param membership this supervisor's lease on a shared runtime database; empty on SQLite, where
   *     opening reconciles every run a previous supervisor left
   */
  static SessionPlane open(
      SupervisorConfig config,
      SupervisorLog log,
      TurnObserver turns,
      Optional<InstanceMembership> membership) {
    RuntimeDatabase database = RuntimeDatabase.fromEnvironment(System.getenv());
    LiveBus bus =
        membership.isEmpty() ? null : LiveBuses.open(FanoutSettings.forRuntime(System.getenv()));
    SessionStore store;
    try {
      store =
          membership.isEmpty()
              ? SessionStores.open(
                  database,
                  config.paths().sessionsDb(),
                  config.clock(),
                  new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(config.state()))))
              : SessionStores.openShared(
                  database,
                  config.clock(),
                  new PostgresSessionStore.SharedInstance(
                      membership.get().instanceId(), bus, pollOf(bus)));
    } catch (RuntimeException e) {
      closeBus(bus);
      throw e;
    }
    SessionService service;
    try {
      var harnesses = Harnesses.standard(config.harnessEnvironment(), config.clock());
      service =
          membership.isEmpty()
              ? SessionService.start(
                  store, true, harnesses, config.clock(), config.sessions(), turns)
              : SessionService.startShared(
                  store,
                  true,
                  harnesses,
                  config.clock(),
                  config.sessions(),
                  turns,
                  membership.get()::isLive);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      store.close();
      closeBus(bus);
      throw new IllegalStateException("interrupted while reconciling the session store", e);
    } catch (RuntimeException e) {
      store.close();
      closeBus(bus);
      throw e;
    }
    var done = service.reconciliation();
    log.info(
        "sessions.reconciled",
        Map.of("runsInterrupted", done.runsInterrupted(), "processesEnded", done.processesEnded()));
    return new SessionPlane(service, config, log, bus);
  }

  /**
   * Adopts what instances whose lease lapsed left (their running runs end {@code interrupted},
   * their sessions become this instance's), after claiming them.
   */
  void adoptLapsed(InstanceMembership membership) {
    for (RuntimeInstance dead : membership.claimLapsed()) {
      try {
        var done = sessions.adopt(dead.id(), membership.onThisHost(dead));
        log.info(
            "sessions.adopted",
            Map.of(
                "instanceId", dead.id(),
                "runsInterrupted", done.runsInterrupted(),
                "processesEnded", done.processesEnded()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static Duration pollOf(LiveBus bus) {
    return bus instanceof RedisLiveBus ? POLL_WITH_REDIS : POLL_WITHOUT_REDIS;
  }

  private static void closeBus(LiveBus bus) {
    if (bus != null) {
      bus.close();
    }
  }

  SessionService sessions() {
    return sessions;
  }

  EventStream events() {
    return events;
  }

  /**
   * Refuses new turns, gives the active ones {@code grace}, then interrupts the rest.
   *
   * @return whether every run ended within the grace
   */
  boolean drain(Duration grace) throws InterruptedException {
    return sessions.drain(grace);
  }

  int openStreams() {
    return streams.open();
  }

  /** Ends every open stream; their clients resume against the next supervisor. */
  void endStreams() {
    streams.stopAll();
  }

  @Override
  public void close() {
    streams.close();
    sessions.close();
    closeBus(bus);
  }
}
