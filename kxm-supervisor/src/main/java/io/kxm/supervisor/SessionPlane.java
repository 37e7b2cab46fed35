package io.kxm.supervisor;

import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.receipt.ReceiptKeys;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.Sessions;
import io.kxm.session.api.TurnObserver;
import io.kxm.session.store.SessionStores;
import io.kxm.session.stream.ActiveStreams;
import io.kxm.session.stream.EventStream;
import io.kxm.session.turn.Harnesses;
import io.kxm.session.turn.SessionService;
import java.time.Duration;
import java.util.Map;

/**
 * The sessions side of the supervisor: the session store in {@code runtime/sessions.db} (its runs'
 * signed heads in {@code runtime/session-heads.db}, under the runtime's receipt key), or in the
 * PostgreSQL database {@code KXM_RUNTIME_DATABASE_URL} names (see {@link SessionStores}), the
 * service that runs turns, and the open event streams. Opening it reconciles what a previous
 * supervisor left behind, so it happens before the server serves.
 */
final class SessionPlane implements AutoCloseable {
  private final Sessions sessions;
  private final ActiveStreams streams;
  private final EventStream events;

  private SessionPlane(Sessions sessions, SupervisorConfig config) {
    this.sessions = sessions;
    this.streams = new ActiveStreams();
    this.events = new EventStream(sessions.store(), config.sessions(), streams);
  }

  static SessionPlane open(SupervisorConfig config, SupervisorLog log, TurnObserver turns) {
    Receipts signer =
        new Receipts(ReceiptKeys.loadOrCreate(ProjectKeys.receiptKey(config.state())));
    SessionStore store =
        SessionStores.open(
            RuntimeDatabase.fromEnvironment(System.getenv()),
            config.paths().sessionsDb(),
            config.clock(),
            signer);
    SessionService service;
    try {
      service =
          SessionService.start(
              store,
              true,
              Harnesses.standard(config.harnessEnvironment(), config.clock()),
              config.clock(),
              config.sessions(),
              turns);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      store.close();
      throw new IllegalStateException("interrupted while reconciling the session store", e);
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    var done = service.reconciliation();
    log.info(
        "sessions.reconciled",
        Map.of("runsInterrupted", done.runsInterrupted(), "processesEnded", done.processesEnded()));
    return new SessionPlane(service, config);
  }

  Sessions sessions() {
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
  }
}
