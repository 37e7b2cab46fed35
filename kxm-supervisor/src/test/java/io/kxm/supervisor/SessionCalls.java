package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The session calls tests make over real HTTP, with the example echo agent as the harness. */
record SessionCalls(String url, String token) {
  /** examples/harness/echo-agent.py, from the module folder tests run in. */
  static final Path ECHO_AGENT =
      Path.of("..", "examples", "harness", "echo-agent.py").toAbsolutePath().normalize();

  static List<String> echoAgent() {
    return List.of("python3", ECHO_AGENT.toString());
  }

  String createSession(Path workspace, List<String> argv) throws Exception {
    Reply created =
        SupervisorHttp.post(
            url + "/v1/sessions",
            token,
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "command", "argv", argv))));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    return created.body().get("id").asString();
  }

  Reply submit(String sessionId, String prompt) throws Exception {
    return SupervisorHttp.post(
        url + "/v1/sessions/" + sessionId + "/runs", token, Json.write(Map.of("prompt", prompt)));
  }

  String submitted(String sessionId, String prompt) throws Exception {
    Reply run = submit(sessionId, prompt);
    assertThat(run.status()).as(run.body().toString()).isEqualTo(201);
    return run.body().get("id").asString();
  }

  /** The ids of the session's runs, oldest first. */
  List<String> runs(String sessionId) throws Exception {
    Reply reply = SupervisorHttp.get(url + "/v1/sessions/" + sessionId, token);
    assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
    return reply.body().path("runs").findValuesAsString("id");
  }

  /** {@code {"run", "interactions"}}. */
  JsonNode run(String runId) throws Exception {
    Reply reply = SupervisorHttp.get(url + "/v1/runs/" + runId, token);
    assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
    return reply.body();
  }

  JsonNode verify(String runId) throws Exception {
    Reply reply = SupervisorHttp.get(url + "/v1/runs/" + runId + "/verify", token);
    assertThat(reply.status()).as(reply.body().toString()).isEqualTo(200);
    return reply.body();
  }

  SseClient runEvents(String runId, Map<String, String> headers, String query) throws Exception {
    return SseClient.open(url + "/v1/runs/" + runId + "/events" + query, token, headers);
  }

  /**
   * Follows the run's stream to its end like a client that resumes after a broken connection, with
   * the id of the last event it received.
   */
  List<Long> follow(String runId) throws Exception {
    List<Long> seen = new ArrayList<>();
    for (int attempt = 0; attempt < 100; attempt++) {
      Map<String, String> from =
          seen.isEmpty() ? Map.of() : Map.of("Last-Event-ID", Long.toString(seen.getLast()));
      try (SseClient stream = runEvents(runId, from, "")) {
        assertThat(stream.status()).isEqualTo(200);
        for (SseClient.Frame f = stream.next(); f != null; f = stream.next()) {
          seen.add(f.id());
        }
        return seen;
      } catch (UncheckedIOException cut) {
        // cut by the server for falling behind: resume
      }
    }
    throw new AssertionError("the run stream of " + runId + " never ended");
  }

  /** Every stored event of the run, from a fresh stream read to its end. */
  List<SseClient.Frame> replayAll(String runId) throws Exception {
    try (SseClient all = runEvents(runId, Map.of(), "")) {
      assertThat(all.status()).isEqualTo(200);
      return all.rest();
    }
  }
}
