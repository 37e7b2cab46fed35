package io.kxm.session.turn;

import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.SessionStore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns what a harness reports into the run's stored events, on the harness's own thread. Stream
 * events are appended without waiting for their commit, since the store commits in call order; a
 * question is recorded before returning, so its id exists before anyone can answer it. The first
 * store failure is kept for the turn's end, which then fails the run.
 */
final class TurnEvents implements Consumer<HarnessOutput> {
  private final SessionStore store;
  private final String runId;
  private final Runnable abort;
  private final RunSpend spend;
  private final AtomicReference<Throwable> failure = new AtomicReference<>();
  private final AtomicInteger protocolErrors = new AtomicInteger();

  /**
   * @param abort ends the harness; called when a question could not be recorded, as the harness
   *     would otherwise wait for an answer forever
   * @param spend counts each usage report and prices it
   */
  TurnEvents(SessionStore store, String runId, Runnable abort, RunSpend spend) {
    this.store = store;
    this.runId = runId;
    this.abort = abort;
    this.spend = spend;
  }

  /** Lines the harness wrote that the protocol could not read, so far. */
  int protocolErrors() {
    return protocolErrors.get();
  }

  /** The first failure to store an event; null while there was none. */
  Throwable failure() {
    return failure.get();
  }

  @Override
  public void accept(HarnessOutput output) {
    try {
      switch (output) {
        case HarnessOutput.Delta d -> append(EventTypes.MESSAGE_DELTA, text(d.text()));
        case HarnessOutput.Final f -> append(EventTypes.MESSAGE_COMPLETED, text(f.text()));
        case HarnessOutput.ToolCall c -> append(EventTypes.TOOL_CALL, c.call());
        case HarnessOutput.ToolResult r -> append(EventTypes.TOOL_RESULT, r.result());
        case HarnessOutput.Usage u -> usage(u.usage());
        case HarnessOutput.ProtocolError p -> {
          protocolErrors.incrementAndGet();
          append(
              EventTypes.PROTOCOL_ERROR,
              Json.object().put("reason", p.reason()).put("line", p.line()));
        }
        case HarnessOutput.InteractionRequest i ->
            store.openInteraction(runId, i.kind(), i.request());
      }
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e);
      Thread.ofVirtual().name("kxm-turn-abort-" + runId).start(abort);
    }
  }

  private void usage(JsonNode report) {
    ObjectNode data;
    try {
      data = spend.report(report);
    } catch (ArithmeticException e) {
      append(
          EventTypes.PROTOCOL_ERROR,
          Json.object()
              .put("reason", "the run's token total would pass 2^63-1; the report is not counted")
              .put("line", ""));
      return;
    }
    append(EventTypes.USAGE, data);
  }

  private void append(String type, JsonNode data) {
    store
        .append(runId, type, data)
        .whenComplete((event, error) -> {
          if (error != null) {
            failure.compareAndSet(null, error);
          }
        });
  }

  private static JsonNode text(String text) {
    return Json.object().put("text", text);
  }
}
