package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session calls the suite makes on a supervisor, with the suite's own model-free agent ({@code
 * session-agent.py}) as the harness.
 */
public final class SessionCalls {
  private static final JsonMapper JSON = JsonMapper.shared();
  private static final Set<String> ENDED =
      Set.of("completed", "failed", "cancelled", "interrupted");

  private SessionCalls() {}

  /** Skips the measure when this supervisor has no session API (an older build of the product). */
  public static void requireSessions(SupervisorProcess supervisor) throws Exception {
    int status = supervisor.status("GET", "/v1/sessions?limit=1", "");
    if (status == 404) {
      throw new Measure.Skip(
          "the supervisor in this build has no session API (GET /v1/sessions answered 404)");
    }
  }

  /** Writes the agent into {@code dir} and returns the script's path. */
  public static Path writeAgent(Path dir) throws IOException {
    Path script = dir.resolve("session-agent.py");
    try (InputStream in = SessionCalls.class.getResourceAsStream("session-agent.py")) {
      if (in == null) {
        throw new IOException("session-agent.py is missing from the bench jar");
      }
      Files.copy(in, script);
    }
    return script;
  }

  /** Creates a session in a new workspace under {@code dir} whose harness is the suite's agent. */
  public static String createSession(SupervisorProcess supervisor, Path dir) throws Exception {
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    Path agent = writeAgent(dir);
    ObjectNode body = JSON.createObjectNode();
    body.put("workspaceRoot", workspace.toString());
    ObjectNode harness = body.putObject("harness");
    harness.put("type", "command");
    var argv = harness.putArray("argv");
    List.of(python(), agent.toString()).forEach(argv::add);
    return supervisor.post("/v1/sessions", body.toString()).path("id").asString();
  }

  /** Queues a turn; its run id. */
  public static String submit(SupervisorProcess supervisor, String sessionId, String prompt)
      throws Exception {
    ObjectNode body = JSON.createObjectNode().put("prompt", prompt);
    return supervisor
        .post("/v1/sessions/" + sessionId + "/runs", body.toString())
        .path("id")
        .asString();
  }

  /** The run as {@code GET /v1/runs/{id}} shows it. */
  public static JsonNode run(SupervisorProcess supervisor, String runId) throws Exception {
    return supervisor.get("/v1/runs/" + runId).path("run");
  }

  /** Polls the run until it ended; fails when it has not within {@code timeout}. */
  public static JsonNode awaitEnded(SupervisorProcess supervisor, String runId, Duration timeout)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      JsonNode run = run(supervisor, runId);
      if (ENDED.contains(run.path("status").asString())) {
        return run;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("run " + runId + " did not end within " + timeout);
      }
      Thread.sleep(100); // polling another process's state: there is nothing to wait on
    }
  }

  /**
   * Follows the run's stream until its agent asks for an approval; the interaction's id. Fails when
   * the run ends first.
   */
  public static String awaitApprovalAsked(SupervisorProcess supervisor, String runId)
      throws Exception {
    try (SseStream stream = supervisor.runEvents(runId, 0, 16 * 1024)) {
      stream.readTimeout(Duration.ofSeconds(60));
      SseFrame event;
      while ((event = stream.next()) != null) {
        if (event.type().equals("run.approval.required")) {
          return JSON.readTree(event.data()).path("data").path("interactionId").asString();
        }
        if (event.type().equals("run.failed") || event.type().equals("run.completed")) {
          throw new IllegalStateException(
              "the turn ended with " + event.type() + " before asking: " + event.data());
        }
      }
    }
    throw new IllegalStateException("the turn's stream ended before the agent asked");
  }

  /** Approves a pending interaction of a run. */
  public static void approve(SupervisorProcess supervisor, String runId, String interactionId)
      throws Exception {
    ObjectNode body =
        JSON.createObjectNode().put("approved", true).put("answer", "go").put("by", "bench");
    supervisor.post(
        "/v1/runs/" + runId + "/interactions/" + interactionId + "/resolve", body.toString());
  }

  /** The verification of the run's hash chain: {@code {runId, ok, events, firstBadSeq, …}}. */
  public static JsonNode verify(SupervisorProcess supervisor, String runId) throws Exception {
    return supervisor.get("/v1/runs/" + runId + "/verify");
  }

  private static String python() {
    Path usual = Path.of("/usr/bin/python3");
    return Files.isExecutable(usual) ? usual.toString() : "python3";
  }
}
