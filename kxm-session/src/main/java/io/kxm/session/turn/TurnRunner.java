package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.TurnObserver;
import io.kxm.session.api.TurnOutcome;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one turn of a session from {@code running} to its end: hands the harness the session's
 * history, relays answers to its questions, and records how it ended. Whatever goes wrong inside
 * ends this run alone, as {@code failed}; {@link #done()} completes in every case, which is what
 * frees the session for its next turn.
 */
final class TurnRunner implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(TurnRunner.class);
  private static final AttributeKey<String> SESSION_ID = AttributeKey.stringKey("kxm.session.id");
  private static final AttributeKey<String> RUN_ID = AttributeKey.stringKey("kxm.run.id");
  private static final AttributeKey<String> HARNESS = AttributeKey.stringKey("kxm.harness");
  private static final AttributeKey<Long> EXIT_CODE = AttributeKey.longKey("process.exit.code");
  private static final Duration AWAIT_SLICE = Duration.ofMinutes(1);
  private static final long AWAIT_NANOS = AWAIT_SLICE.toNanos();

  /** Why a turn is being stopped from outside. */
  enum Stop {
    CANCEL,
    SHUTDOWN
  }

  private final SessionStore store;
  private final HistoryCache cache;
  private final Function<HarnessSpec, Harness> harnesses;
  private final String runId;
  private final String sessionId;
  private final Duration turnTimeout;
  private final TurnEndings endings;
  private final Tracer tracer;
  // set once the session is known, before the harness starts; read by the turn's end
  private volatile RunSpend spend = RunSpend.none();
  private TurnEvents events;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private final List<JsonNode> answers = new ArrayList<>();

  /** Interactions whose answer reached this turn, guarded by {@link #answers}. */
  private final Set<String> answered = new HashSet<>();

  /** Codes of a harness that refused to start: the run fails with the code, nothing is broken. */
  private static final Set<ErrorCode> REFUSED_STARTS =
      Set.of(
          ErrorCode.HARNESS_START_FAILED,
          ErrorCode.HARNESS_UNAVAILABLE,
          ErrorCode.HARNESS_NOT_LOGGED_IN,
          ErrorCode.HARNESS_MODEL_INVALID,
          ErrorCode.ROUTE_VENDOR_MISMATCH);

  private Stop stop;
  private HarnessTurn turn;
  private boolean timedOut; // written and read on the turn's own thread
  private String refusal; // why a harness refused to start; guarded by this

  TurnRunner(
      SessionStore store,
      HistoryCache cache,
      Function<HarnessSpec, Harness> harnesses,
      String runId,
      String sessionId,
      Duration turnTimeout,
      TurnObserver observer) {
    this.store = store;
    this.cache = cache;
    this.harnesses = harnesses;
    this.runId = runId;
    this.sessionId = sessionId;
    this.turnTimeout = turnTimeout;
    this.tracer = observer.tracer();
    this.endings =
        new TurnEndings(
            store,
            cache,
            runId,
            sessionId,
            data -> spend.totals(data),
            () -> spend.total(),
            observer);
  }

  String runId() {
    return runId;
  }

  String sessionId() {
    return sessionId;
  }

  /** Completes once the run reached its end state, or failed trying to. */
  CompletableFuture<Void> done() {
    return done;
  }

  @Override
  public void run() {
    Span span =
        tracer
            .spanBuilder("session turn")
            .setAttribute(SESSION_ID, sessionId)
            .setAttribute(RUN_ID, runId)
            .startSpan();
    try (Scope ignored = span.makeCurrent()) {
      runTurn();
    } finally {
      span.end();
    }
  }

  private void runTurn() {
    boolean acquired = false;
    try {
      SessionRun run = store.transition(runId, SessionRunStatus.RUNNING, null, Json.object());
      HistoryCache.Snapshot snapshot = cache.acquire(sessionId);
      acquired = true;
      spend = RunSpend.forSession(snapshot.session().workspaceRoot(), snapshot.session().model());
      events = new TurnEvents(store, runId, this::endHarness, spend);
      List<JsonNode> resumed = resumedAnswers(run.resumedFrom());
      synchronized (answers) {
        answers.addAll(resumed);
      }
      TurnInput input =
          new TurnInput(
              sessionId,
              runId,
              snapshot.session().workspaceRoot(),
              snapshot.session().model(),
              run.prompt(),
              snapshot.history(),
              resumed,
              SessionRouteCheck.sandboxed(
                  snapshot.session().workspaceRoot(),
                  snapshot.session().harness(),
                  snapshot.session().model()));
      HarnessSpec spec = snapshot.session().harness();
      TurnOutcome outcome = stopReason() != null ? null : traced(spec, input);
      end(outcome, run.prompt());
    } catch (Throwable t) {
      endings.broken(t);
    } finally {
      closeTurn();
      if (acquired) {
        cache.release(sessionId);
      }
      done.complete(null);
    }
  }

  /**
   * Stops the turn: its harness process tree is ended and the run ends {@code cancelled} or, for a
   * shutdown, {@code interrupted}. The first reason asked for wins.
   */
  void requestStop(Stop reason) {
    synchronized (this) {
      if (stop == null) {
        stop = reason;
      }
    }
    endHarness();
  }

  /**
   * Passes a person's answer, already stored, to the running harness. An answer that already came
   * is ignored: on a shared store it may arrive both directly and as the event other instances see.
   */
  void answer(Interaction interaction, JsonNode answer) {
    synchronized (answers) {
      if (!answered.add(interaction.id())) {
        return;
      }
      answers.add(entry(interaction, answer));
    }
    HarnessTurn running = current();
    if (running == null) {
      return;
    }
    try {
      running.answer(interaction.id(), interaction.kind(), answer);
    } catch (RuntimeException e) {
      // The harness may have exited between the store accepting the answer and this write; the
      // answer stays durable and the run's end is recorded by the turn itself.
      LOG.debug("run {}: the harness did not take the answer to {}", runId, interaction.id(), e);
    }
  }

  /** Plays the turn in a span of its harness, a child of the turn's. */
  private TurnOutcome traced(HarnessSpec spec, TurnInput input) throws InterruptedException {
    Span span =
        tracer.spanBuilder("harness " + spec.type()).setAttribute(HARNESS, spec.type()).startSpan();
    try (Scope ignored = span.makeCurrent()) {
      TurnOutcome outcome = play(harnesses.apply(spec), input);
      span.setAttribute(EXIT_CODE, (long) outcome.exitCode());
      if (!outcome.succeeded()) {
        span.setStatus(StatusCode.ERROR, String.valueOf(outcome.outcome()));
      }
      return outcome;
    } finally {
      span.end();
    }
  }

  /** Starts the harness and waits for its outcome; a harness that cannot start is an error. */
  private TurnOutcome play(Harness harness, TurnInput input) throws InterruptedException {
    HarnessTurn started;
    try {
      started = harness.start(input, events);
    } catch (KxmException e) {
      if (!REFUSED_STARTS.contains(e.code())) {
        throw e;
      }
      LOG.info("run {}: {}", runId, e.getMessage());
      synchronized (this) {
        refusal = e.getMessage();
      }
      return new TurnOutcome(TurnOutcome.ERROR, -1, null, e.code().code());
    }
    if (adopt(started)) {
      started.cancel();
    }
    store.recordProcess(runId, started.pid(), started.processStart());
    long deadline = System.nanoTime() + turnTimeout.toNanos();
    TurnOutcome outcome;
    do {
      long left = deadline - System.nanoTime();
      if (left <= 0 && !timedOut) {
        // Past its time: the harness's whole process tree is ended, and the run fails for it.
        timedOut = true;
        LOG.info("run {}: the turn ran past {} and is being ended", runId, turnTimeout);
        started.cancel();
      }
      Duration slice = timedOut ? AWAIT_SLICE : Duration.ofNanos(Math.min(left, AWAIT_NANOS));
      outcome = started.await(slice);
    } while (outcome == null);
    return outcome;
  }

  /**
   * @param outcome null when the turn was stopped before its harness started
   */
  private void end(TurnOutcome outcome, String prompt) {
    Stop reason = stopReason();
    if (reason == Stop.CANCEL) {
      endings.cancelled();
    } else if (reason == Stop.SHUTDOWN) {
      endings.shutDown();
    } else if (events.failure() != null) {
      endings.broken(events.failure());
    } else if (timedOut) {
      endings.timedOut(turnTimeout);
    } else if (unreadable(outcome)) {
      endings.unreadable(outcome, events.protocolErrors());
    } else if (outcome.succeeded()) {
      synchronized (answers) {
        endings.completed(outcome, prompt, List.copyOf(answers));
      }
    } else {
      endings.failed(outcome, diagnosis());
    }
  }

  /**
   * A harness that exited cleanly having written only lines it could not be understood by: its
   * output was unreadable, which says more than a silent failure does.
   */
  private boolean unreadable(TurnOutcome outcome) {
    return TurnOutcome.SILENT_FAILURE.equals(outcome.outcome()) && events.protocolErrors() > 0;
  }

  // Returns whether a stop was asked for before the harness existed, so it must end at once.
  private synchronized boolean adopt(HarnessTurn started) {
    turn = started;
    return stop != null;
  }

  /** What the harness said about its failure, or why it refused to start; empty when nothing. */
  private synchronized String diagnosis() {
    if (refusal != null) {
      return refusal;
    }
    return turn == null ? "" : turn.diagnosis();
  }

  private synchronized Stop stopReason() {
    return stop;
  }

  private synchronized HarnessTurn current() {
    return turn;
  }

  private void endHarness() {
    HarnessTurn running = current();
    if (running != null) {
      running.cancel();
    }
  }

  private void closeTurn() {
    HarnessTurn running = current();
    if (running != null) {
      try {
        running.close();
      } catch (RuntimeException e) {
        LOG.debug("run {}: closing the harness failed", runId, e);
      }
    }
  }

  private List<JsonNode> resumedAnswers(String resumedFrom) {
    if (resumedFrom == null) {
      return List.of();
    }
    List<JsonNode> out = new ArrayList<>();
    for (Interaction interaction : store.interactions(resumedFrom)) {
      if (Interaction.RESOLVED.equals(interaction.status())) {
        out.add(entry(interaction, interaction.answer()));
      }
    }
    return out;
  }

  private static ObjectNode entry(Interaction interaction, JsonNode answer) {
    ObjectNode entry = Json.object();
    entry.put("interactionId", interaction.id());
    entry.put("kind", interaction.kind());
    entry.set("request", interaction.request());
    entry.set("answer", answer);
    return entry;
  }
}
