package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The supervisor's session routes the session commands call, starting it on demand. */
public final class SessionApi {
  private final SupervisorClient client;

  private SessionApi(SupervisorClient client) {
    this.client = client;
  }

  static SessionApi connect(CliContext context) {
    return new SessionApi(new SupervisorClient(BackgroundRuntime.ensure(context)));
  }

  /** The supervisor that answers now, each call bounded by {@code timeout}; none is started. */
  public static Optional<SessionApi> running(CliContext context, Duration timeout) {
    return RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
        .map(s -> new SessionApi(new SupervisorClient(s).withTimeout(timeout)));
  }

  /**
   * @param type the harness type; {@code argv} is the program for {@code command}, empty otherwise
   */
  JsonNode create(String workspaceRoot, String type, List<String> argv, String model) {
    Map<String, Object> harness = new LinkedHashMap<>();
    harness.put("type", type);
    harness.put("argv", argv);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("workspaceRoot", workspaceRoot);
    body.put("harness", harness);
    body.put("model", model);
    return client.post("/v1/sessions", body);
  }

  public JsonNode list(int limit) {
    return client.get("/v1/sessions?limit=" + limit);
  }

  /** {@code {"session", "runs"}}. */
  public JsonNode show(String sessionId) {
    return client.get(path(sessionId, ""));
  }

  /** {@code {"messages"}}. */
  JsonNode messages(String sessionId) {
    return client.get(path(sessionId, "/messages"));
  }

  /** The queued run. */
  JsonNode submit(String sessionId, String prompt) {
    return client.post(path(sessionId, "/runs"), Map.of("prompt", prompt));
  }

  /** Cancels one session run; a queued one is withdrawn before its harness starts. */
  JsonNode cancel(String runId) {
    return client.post("/v1/runs/" + SupervisorClient.segment(runId) + "/cancel", Map.of());
  }

  /** {@code {"session", "runs"}} once closed and its unfinished runs cancelled. */
  JsonNode close(String sessionId) {
    return client.post(path(sessionId, "/close"), Map.of());
  }

  void delete(String sessionId) {
    client.delete(path(sessionId, ""));
  }

  private static String path(String sessionId, String tail) {
    return "/v1/sessions/" + SupervisorClient.segment(sessionId) + tail;
  }
}
