package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.usage.Spend;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.TurnObserver;
import io.kxm.session.api.TurnOutcome;
import io.kxm.session.harness.TurnOutcomes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Records how one turn ended: the run's terminal status, and for a completed turn its history. */
final class TurnEndings {
  static final String INTERNAL = "internal";
  static final String SHUTDOWN_GRACE_EXPIRED = "shutdown_grace_expired";
  private static final Logger LOG = LoggerFactory.getLogger(TurnEndings.class);

  private final SessionStore store;
  private final HistoryCache cache;
  private final String runId;
  private final String sessionId;
  private final UnaryOperator<ObjectNode> withTotals;
  private final Supplier<Spend> spent;
  private final TurnObserver observer;

  /**
   * @param withTotals adds the run's total {@code usage} and {@code spend} to the data of the event
   *     that ends it
   */
  TurnEndings(
      SessionStore store,
      HistoryCache cache,
      String runId,
      String sessionId,
      UnaryOperator<ObjectNode> withTotals,
      Supplier<Spend> spent,
      TurnObserver observer) {
    this.store = store;
    this.spent = spent;
    this.observer = observer;
    this.cache = cache;
    this.runId = runId;
    this.sessionId = sessionId;
    this.withTotals = withTotals;
  }

  /**
   * Adds the prompt, the answers a person gave and the final message to the history, then marks the
   * run completed; in that order, so the next turn, which starts only after, sees them all.
   */
  void completed(TurnOutcome outcome, String prompt, List<JsonNode> answers) {
    List<SessionMessage> added = new ArrayList<>();
    added.add(store.appendMessage(sessionId, runId, "user", prompt));
    for (JsonNode answer : answers) {
      added.add(store.appendMessage(sessionId, runId, "interaction", Json.write(answer)));
    }
    added.add(store.appendMessage(sessionId, runId, "assistant", outcome.finalMessage()));
    cache.append(sessionId, added);
    ended(
        store.transition(
            runId,
            SessionRunStatus.COMPLETED,
            new SessionStore.Ending(outcome.outcome(), null, outcome.finalMessage()),
            withTotals.apply(
                Json.object()
                    .put("outcome", outcome.outcome())
                    .put("finalMessage", outcome.finalMessage()))));
  }

  void failed(TurnOutcome outcome) {
    failed(outcome, "");
  }

  /**
   * @param diagnosis what the harness said about the failure (its error, its stderr's tail), or why
   *     it refused to start; recorded as {@code diagnosis} when not empty
   */
  void failed(TurnOutcome outcome, String diagnosis) {
    String error = outcome.error() != null ? outcome.error() : outcome.outcome();
    ObjectNode data =
        Json.object()
            .put("outcome", outcome.outcome())
            .put("error", error)
            .put("exitCode", outcome.exitCode());
    if (diagnosis != null && !diagnosis.isBlank()) {
      data.put("diagnosis", diagnosis);
    }
    ended(
        store.transition(
            runId,
            SessionRunStatus.FAILED,
            new SessionStore.Ending(outcome.outcome(), error, null),
            withTotals.apply(data)));
  }

  /** The turn ran past {@code limit}; its process tree has been ended. */
  void timedOut(Duration limit) {
    failed(ErrorCode.HARNESS_TIMED_OUT, TurnOutcomes.KILLED, "timeoutMs", limit.toMillis());
  }

  /**
   * The harness exited without one line the protocol could read; the {@code protocol_error} events
   * it caused are already stored.
   */
  void unreadable(TurnOutcome outcome, int protocolErrors) {
    failed(
        ErrorCode.HARNESS_OUTPUT_UNREADABLE, outcome.exitCode(), "protocolErrors", protocolErrors);
  }

  /** Ends the run failed with {@code code}, an error the turn itself could not report. */
  private void failed(ErrorCode code, int exitCode, String detail, long value) {
    String error = code.code();
    ended(
        store.transition(
            runId,
            SessionRunStatus.FAILED,
            new SessionStore.Ending(TurnOutcome.ERROR, error, null),
            withTotals.apply(
                Json.object()
                    .put("outcome", TurnOutcome.ERROR)
                    .put("error", error)
                    .put("exitCode", exitCode)
                    .put(detail, value))));
  }

  void cancelled() {
    ended(
        store.transition(
            runId,
            SessionRunStatus.CANCELLED,
            new SessionStore.Ending(null, null, null),
            withTotals.apply(Json.object())));
  }

  void shutDown() {
    ended(
        store.transition(
            runId,
            SessionRunStatus.INTERRUPTED,
            new SessionStore.Ending(null, SHUTDOWN_GRACE_EXPIRED, null),
            withTotals.apply(Json.object().put("error", SHUTDOWN_GRACE_EXPIRED))));
  }

  /**
   * A bug or a store failure: the run fails with a code, the cause goes to the log, and the session
   * carries on. Never throws, since it is the last thing a broken turn does.
   */
  void broken(Throwable cause) {
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
      failed(new TurnOutcome(TurnOutcome.ERROR, -1, null, error));
    } catch (RuntimeException again) {
      LOG.error("run {} could not be marked failed; it stays as stored", runId, again);
    }
  }

  /** Tells the observer of the stored end; an observer's failure never fails the turn. */
  private void ended(SessionRun run) {
    try {
      observer.ended(run, spent.get());
    } catch (RuntimeException e) {
      LOG.warn("the turn observer failed on run {}: {}", runId, e.toString());
    }
  }
}
