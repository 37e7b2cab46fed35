package io.kxm.runtime.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.session.api.EventTypes;
import io.kxm.runtime.session.api.Harness;
import io.kxm.runtime.session.api.HarnessOutput;
import io.kxm.runtime.session.api.HarnessSpec;
import io.kxm.runtime.session.api.HarnessTurn;
import io.kxm.runtime.session.api.Interaction;
import io.kxm.runtime.session.api.Message;
import io.kxm.runtime.session.api.SessionRun;
import io.kxm.runtime.session.api.SessionRunStatus;
import io.kxm.runtime.session.api.SessionStore;
import io.kxm.runtime.session.api.TurnInput;
import io.kxm.runtime.session.api.TurnOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one turn of a session from {@code running} to its end: hands the harness the session's
 * history, stores what it reports as events, relays answers to its questions, and records how it
 * ended. Whatever goes wrong inside ends this run alone, as {@code failed}; {@link #done()}
 * completes in every case, which is what frees the session for its next turn.
 */
final class TurnRunner implements Runnable {
  static final String INTERNAL = "internal";
  static final String SHUTDOWN_GRACE_EXPIRED = "shutdown_grace_expired";
  private static final Logger LOG = LoggerFactory.getLogger(TurnRunner.class);

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
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private final List<JsonNode> answered = new ArrayList<>();
  private final AtomicReference<Throwable> eventFailure = new AtomicReference<>();
  private volatile String prompt = "";
  private Stop stop;
  private HarnessTurn turn;

  TurnRunner(
      SessionStore store,
      HistoryCache cache,
      Function<HarnessSpec, Harness> harnesses,
      String runId,
      String sessionId) {
    this.store = store;
    this.cache = cache;
    this.harnesses = harnesses;
    this.runId = runId;
    this.sessionId = sessionId;
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
    boolean acquired = false;
    try {
      SessionRun run = store.transition(runId, SessionRunStatus.RUNNING, null, Json.object());
      prompt = run.prompt();
      HistoryCache.Snapshot snapshot = cache.acquire(sessionId);
      acquired = true;
      List<JsonNode> resumed = resumedAnswers(run.resumedFrom());
      synchronized (answered) {
        answered.addAll(resumed);
      }
      if (stopReason() != null) {
        endStopped();
        return;
      }
      TurnInput input =
          new TurnInput(
              sessionId,
              runId,
              snapshot.session().workspaceRoot(),
              snapshot.session().model(),
              run.prompt(),
              snapshot.history(),
              resumed);
      HarnessTurn started;
      try {
        started = harnesses.apply(snapshot.session().harness()).start(input, this::onOutput);
      } catch (KxmException e) {
        if (e.code() != ErrorCode.HARNESS_START_FAILED) {
          throw e;
        }
        fail(new TurnOutcome(TurnOutcome.ERROR, -1, null, e.code().code()));
        return;
      }
      if (adopt(started)) {
        started.cancel();
      }
      store.recordProcess(runId, started.pid(), started.processStart());
      TurnOutcome outcome;
      do {
        outcome = started.await(Duration.ofMinutes(1));
      } while (outcome == null);
      end(outcome);
    } catch (Throwable t) {
      endBroken(t);
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
    HarnessTurn running;
    synchronized (this) {
      if (stop == null) {
        stop = reason;
      }
      running = turn;
    }
    if (running != null) {
      running.cancel();
    }
  }

  /** Passes a person's answer, already stored, to the running harness. */
  void answer(Interaction interaction, JsonNode answer) {
    synchronized (answered) {
      answered.add(entry(interaction, answer));
    }
    HarnessTurn running;
    synchronized (this) {
      running = turn;
    }
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

  private synchronized boolean adopt(HarnessTurn started) {
    turn = started;
    return stop != null;
  }

  private synchronized Stop stopReason() {
    return stop;
  }

  private void onOutput(HarnessOutput output) {
    try {
      switch (output) {
        case HarnessOutput.Delta d -> append(EventTypes.MESSAGE_DELTA, text(d.text()));
        case HarnessOutput.Final f -> append(EventTypes.MESSAGE_COMPLETED, text(f.text()));
        case HarnessOutput.ToolCall c -> append(EventTypes.TOOL_CALL, c.call());
        case HarnessOutput.ToolResult r -> append(EventTypes.TOOL_RESULT, r.result());
        case HarnessOutput.Usage u -> append(EventTypes.USAGE, u.usage());
        case HarnessOutput.ProtocolError p ->
            append(
                EventTypes.PROTOCOL_ERROR,
                Json.object().put("reason", p.reason()).put("line", p.line()));
        case HarnessOutput.InteractionRequest i -> {
          store.openInteraction(runId, i.kind(), i.request());
        }
      }
    } catch (RuntimeException e) {
      // A harness waiting for an answer that was never recorded would wait forever: end it.
      eventFailure.compareAndSet(null, e);
      Thread.ofVirtual().name("kxm-turn-abort-" + runId).start(this::abortHarness);
    }
  }

  private void append(String type, JsonNode data) {
    store
        .append(runId, type, data)
        .whenComplete((event, error) -> {
          if (error != null) {
            eventFailure.compareAndSet(null, error);
          }
        });
  }

  private void abortHarness() {
    HarnessTurn running;
    synchronized (this) {
      running = turn;
    }
    if (running != null) {
      running.cancel();
    }
  }

  private void end(TurnOutcome outcome) {
    if (stopReason() != null) {
      endStopped();
    } else if (eventFailure.get() != null) {
      endBroken(eventFailure.get());
    } else if (outcome.succeeded()) {
      complete(outcome);
    } else {
      fail(outcome);
    }
  }

  private void complete(TurnOutcome outcome) {
    List<Message> added = new ArrayList<>();
    added.add(store.appendMessage(sessionId, runId, "user", prompt));
    synchronized (answered) {
      for (JsonNode entry : answered) {
        added.add(store.appendMessage(sessionId, runId, "interaction", Json.write(entry)));
      }
    }
    added.add(store.appendMessage(sessionId, runId, "assistant", outcome.finalMessage()));
    cache.append(sessionId, added);
    ObjectNode data =
        Json.object().put("outcome", outcome.outcome()).put("finalMessage", outcome.finalMessage());
    store.transition(
        runId,
        SessionRunStatus.COMPLETED,
        new SessionStore.Ending(outcome.outcome(), null, outcome.finalMessage()),
        data);
  }

  private void fail(TurnOutcome outcome) {
    String error = outcome.error() != null ? outcome.error() : outcome.outcome();
    ObjectNode data =
        Json.object()
            .put("outcome", outcome.outcome())
            .put("error", error)
            .put("exitCode", outcome.exitCode());
    store.transition(
        runId,
        SessionRunStatus.FAILED,
        new SessionStore.Ending(outcome.outcome(), error, null),
        data);
  }

  private void endStopped() {
    if (stopReason() == Stop.CANCEL) {
      store.transition(
          runId,
          SessionRunStatus.CANCELLED,
          new SessionStore.Ending(null, null, null),
          Json.object());
    } else {
      store.transition(
          runId,
          SessionRunStatus.INTERRUPTED,
          new SessionStore.Ending(null, SHUTDOWN_GRACE_EXPIRED, null),
          Json.object().put("error", SHUTDOWN_GRACE_EXPIRED));
    }
  }

  /** A bug or a store failure: the run fails with a code, and the session carries on. */
  private void endBroken(Throwable cause) {
    String error =
        cause instanceof KxmException k && k.code() != ErrorCode.INTERNAL
            ? k.code().code()
            : INTERNAL;
    LOG.warn("run {} of session {} failed: {}", runId, sessionId, error, cause);
    try {
      SessionRun run = store.run(runId).orElse(null);
      if (run == null || run.status().isTerminal()) {
        return;
      }
      if (run.status() == SessionRunStatus.QUEUED) {
        store.transition(runId, SessionRunStatus.RUNNING, null, Json.object());
      }
      store.transition(
          runId,
          SessionRunStatus.FAILED,
          new SessionStore.Ending(TurnOutcome.ERROR, error, null),
          Json.object().put("outcome", TurnOutcome.ERROR).put("error", error).put("exitCode", -1));
    } catch (RuntimeException again) {
      LOG.error("run {} could not be marked failed; it stays as stored", runId, again);
    }
  }

  private void closeTurn() {
    HarnessTurn running;
    synchronized (this) {
      running = turn;
    }
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

  private static ObjectNode text(String text) {
    return Json.object().put("text", text);
  }
}
