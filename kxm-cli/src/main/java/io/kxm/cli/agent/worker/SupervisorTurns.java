package io.kxm.cli.agent.worker;

import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.retry.Backoff;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * Runs harness turns on the local runtime supervisor: creates the worker's sessions, queues one run
 * per turn and follows it to its end. The supervisor is looked up for every call, so a supervisor
 * that restarted on another port is found again.
 */
final class SupervisorTurns {
  private static final Set<String> ENDED =
      Set.of("completed", "failed", "cancelled", "interrupted");

  /** Polls of a run in flight: often at first, then less so, since long turns are common. */
  private static final Backoff POLL = new Backoff(Duration.ofMillis(50), Duration.ofMillis(500));

  private final Supplier<SupervisorClient> supervisor;
  private final Supplier<Optional<SupervisorClient>> running;
  private final WorkerOptions options;

  /**
   * @param supervisor the running supervisor, started when none runs
   * @param running the running supervisor, if any; cancelling never starts one
   */
  SupervisorTurns(
      Supplier<SupervisorClient> supervisor,
      Supplier<Optional<SupervisorClient>> running,
      WorkerOptions options) {
    this.supervisor = supervisor;
    this.running = running;
    this.options = options;
  }

  /**
   * A new session on the worker's harness and route.
   *
   * @throws KxmException as the supervisor refused it, for example {@code route_not_admitted}
   */
  String createSession() {
    Map<String, Object> harness = new LinkedHashMap<>();
    harness.put("type", options.harness());
    harness.put("argv", options.argv());
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("workspaceRoot", options.workspace().toString());
    body.put("harness", harness);
    body.put("model", options.model());
    return supervisor.get().post("/v1/sessions", body).path("id").asString();
  }

  /** Whether the supervisor still has the session; false when it is gone or was never there. */
  boolean sessionExists(String sessionId) {
    try {
      supervisor.get().get("/v1/sessions/" + SupervisorClient.segment(sessionId));
      return true;
    } catch (KxmException e) {
      if (e.code() == ErrorCode.SESSION_NOT_FOUND) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Queues {@code prompt} in the session and waits for the run to end.
   *
   * @param started told the run's id once it is queued, so a steer can cancel it
   * @param waiting told, on every poll, the question the run waits on a person for, or null
   */
  TurnResult run(
      String sessionId,
      String prompt,
      Consumer<String> started,
      Consumer<WorkerRecord.Waiting> waiting)
      throws InterruptedException {
    JsonNode queued;
    try {
      queued =
          supervisor
              .get()
              .post(
                  "/v1/sessions/" + SupervisorClient.segment(sessionId) + "/runs",
                  Map.of("prompt", prompt));
    } catch (KxmException e) {
      return new TurnResult(null, TurnResult.REFUSED, null, e.code().code());
    }
    String runId = queued.path("id").asString();
    started.accept(runId);
    for (int polls = 1; ; polls++) {
      JsonNode detail = supervisor.get().get("/v1/runs/" + SupervisorClient.segment(runId));
      JsonNode run = detail.path("run");
      String status = run.path("status").asString("");
      waiting.accept(pending(runId, detail.path("interactions")));
      if (ENDED.contains(status)) {
        return new TurnResult(
            runId,
            status,
            run.path("finalMessage").isString() ? run.path("finalMessage").asString() : null,
            run.path("error").isString() ? run.path("error").asString() : null);
      }
      Thread.sleep(POLL.pause(polls));
    }
  }

  /** The first interaction of the run still open, as the worker reports it; null when none. */
  private WorkerRecord.Waiting pending(String runId, JsonNode interactions) {
    for (JsonNode interaction : interactions) {
      if (interaction.path("status").asString("").equals("pending")) {
        return new WorkerRecord.Waiting(
            runId,
            interaction.path("id").asString(),
            interaction.path("kind").asString("approval"),
            Instant.parse(interaction.path("createdAt").asString()));
      }
    }
    return null;
  }

  /**
   * Asks the supervisor to cancel a run; a run that already ended, or a supervisor that is gone
   * (and its runs with it), is left as it is.
   */
  void cancel(String runId) {
    Optional<SupervisorClient> client = running.get();
    if (client.isEmpty()) {
      return;
    }
    try {
      client.get().post("/v1/runs/" + SupervisorClient.segment(runId) + "/cancel", Map.of());
    } catch (KxmException e) {
      if (e.code() != ErrorCode.RUN_TERMINAL) {
        throw e;
      }
    }
  }
}
