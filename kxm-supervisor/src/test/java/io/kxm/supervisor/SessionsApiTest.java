package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionSettings;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The session routes of a real supervisor over HTTP, with the example echo agent. */
class SessionsApiTest {
  @TempDir Path dir;
  Supervisor supervisor;
  SessionCalls calls;
  String url;
  String token;
  Path workspace;

  @BeforeEach
  void start() throws Exception {
    SessionSettings settings =
        new SessionSettings(4, 100, Duration.ofMinutes(30), 10_000, Duration.ofMillis(200));
    supervisor = Supervisor.start(StreamResumeTest.config(dir.resolve("state"), settings));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    url = supervisor.url();
    calls = new SessionCalls(url, token);
    workspace = Files.createDirectories(dir.resolve("workspace")).toRealPath();
  }

  @AfterEach
  void stop() throws Exception {
    long t = System.nanoTime();
    supervisor.stop();
    System.out.println("STOP took ms " + (System.nanoTime() - t) / 1_000_000);
    System.out.println(
        java.nio.file.Files.readString(
            SupervisorPaths.of(new io.kxm.core.paths.StatePaths(dir.resolve("state"))).logFile()));
  }

  @Test
  void a_turn_is_queued_streamed_recorded_and_verified_in_the_documented_shapes() throws Exception {
    Reply created =
        SupervisorHttp.post(
            url + "/v1/sessions",
            token,
            Json.write(
                Map.of(
                    "workspaceRoot", workspace.toString(),
                    "harness", Map.of("type", "command", "argv", SessionCalls.echoAgent()),
                    "model", "small")));
    assertThat(created.status()).isEqualTo(201);
    JsonNode session = created.body();
    assertThat(session.propertyNames())
        .containsExactly(
            "id", "workspaceRoot", "harness", "model", "createdAt", "lastActiveAt", "closedAt");
    assertThat(session.path("closedAt").isNull()).isTrue();
    assertThat(session.path("harness").path("argv").path(0).asString()).isEqualTo("python3");
    String id = session.path("id").asString();

    Reply queued = calls.submit(id, "hello there");
    assertThat(queued.status()).isEqualTo(201);
    assertThat(queued.body().propertyNames())
        .containsExactly(
            "id",
            "sessionId",
            "prompt",
            "status",
            "resumedFrom",
            "outcome",
            "error",
            "finalMessage",
            "createdAt",
            "startedAt",
            "finishedAt");
    String runId = queued.body().path("id").asString();

    List<SseClient.Frame> frames = calls.replayAll(runId);
    assertThat(frames.getFirst().type()).isEqualTo("run.queued");
    assertThat(frames.getLast().type()).isEqualTo("run.completed");
    assertThat(frames)
        .extracting(SseClient.Frame::type)
        .contains("run.started", "message.delta", "tool.call", "tool.result", "usage");
    for (SseClient.Frame f : frames) {
      assertThat(f.data().propertyNames())
          .containsExactly("seq", "sessionId", "runId", "type", "at", "data");
      assertThat(f.event()).isEqualTo(f.type());
      assertThat(f.id()).isEqualTo(f.data().path("seq").asLong());
    }

    JsonNode run = calls.run(runId);
    assertThat(run.propertyNames()).containsExactly("run", "interactions");
    assertThat(run.path("run").path("status").asString()).isEqualTo("completed");
    assertThat(run.path("run").path("finalMessage").asString()).isEqualTo("echo: hello there");

    JsonNode shown = SupervisorHttp.get(url + "/v1/sessions/" + id, token).body();
    assertThat(shown.propertyNames()).containsExactly("session", "runs");
    assertThat(shown.path("runs").findValuesAsString("id")).containsExactly(runId);
    JsonNode listed = SupervisorHttp.get(url + "/v1/sessions?limit=5", token).body();
    assertThat(listed.path("sessions").findValuesAsString("id")).containsExactly(id);
    JsonNode messages = SupervisorHttp.get(url + "/v1/sessions/" + id + "/messages", token).body();
    assertThat(messages.path("messages").findValuesAsString("role"))
        .containsExactly("user", "assistant");

    JsonNode verify = calls.verify(runId);
    assertThat(verify.propertyNames())
        .containsExactly(
            "runId",
            "ok",
            "events",
            "firstBadSeq",
            "firstBadType",
            "problem",
            "message",
            "lastHash",
            "headVerified");
    assertThat(verify.path("ok").asBoolean()).isTrue();
    assertThat(verify.path("headVerified").asBoolean()).isTrue();
    assertThat(verify.path("events").asLong()).isEqualTo(frames.size());
  }

  @Test
  void an_idle_session_stream_gets_keep_alive_comments_after_its_events() throws Exception {
    String id = calls.createSession(workspace, SessionCalls.echoAgent());
    String runId = calls.submitted(id, "hi");
    calls.replayAll(runId);
    HttpResponse<Stream<String>> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url + "/v1/sessions/" + id + "/events"))
                    .header("Authorization", "Bearer " + token)
                    .header("Last-Event-ID", "0")
                    .build(),
                HttpResponse.BodyHandlers.ofLines());
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/event-stream"));
    List<String> lines = new CopyOnWriteArrayList<>();
    Thread reader =
        Thread.ofVirtual()
            .start(() -> {
              try (Stream<String> body = response.body()) {
                body.forEach(lines::add);
              } catch (RuntimeException closed) {
                // the test closed the stream
              }
            });
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> lines.stream().filter(": keep-alive"::equals).count() >= 2);
    response.body().close();
    reader.join(5_000);
    int completed = lines.indexOf("event: run.completed");
    assertThat(lines.subList(0, 6))
        .startsWith(": connected", "", "id: 1", "event: session.created")
        .endsWith("");
    assertThat(lines.get(4)).startsWith("data: {\"seq\":1,\"sessionId\":\"" + id + "\",");
    assertThat(completed).isPositive();
    assertThat(lines.subList(0, completed)).doesNotContain(": keep-alive");
  }

  @Test
  void an_open_stream_does_not_hold_a_stop_open_and_ends_with_it() throws Exception {
    String id = calls.createSession(workspace, SessionCalls.echoAgent());
    try (SseClient stream = SseClient.open(url + "/v1/sessions/" + id + "/events", token)) {
      assertThat(stream.next().type()).isEqualTo("session.created");
      await().atMost(Duration.ofSeconds(5)).until(() -> supervisor.openStreams() == 1);
      long started = System.nanoTime();
      assertThat(supervisor.stop()).isTrue();
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));
      assertThat(stream.next()).isNull(); // the response ended normally
      assertThat(supervisor.openStreams()).isZero();
    }
  }

  @Test
  void cancelling_a_running_turn_ends_its_process_and_its_stream() throws Exception {
    String id = calls.createSession(workspace, DrainTest.NEVER_ENDS);
    String runId = calls.submitted(id, "never ends");
    try (SseClient stream = calls.runEvents(runId, Map.of(), "")) {
      SseClient.Frame f = stream.next();
      while (!f.type().equals("message.delta")) {
        f = stream.next();
      }
      Reply cancelled = SupervisorHttp.post(url + "/v1/runs/" + runId + "/cancel", token, "{}");
      assertThat(cancelled.status()).as(cancelled.body().toString()).isEqualTo(200);
      assertThat(cancelled.body().propertyNames()).containsExactly("run");
      List<SseClient.Frame> rest = stream.rest();
      assertThat(rest.getLast().type()).isEqualTo("run.cancelled");
    }
    assertThat(calls.run(runId).path("run").path("status").asString()).isEqualTo("cancelled");
    Reply again = SupervisorHttp.post(url + "/v1/runs/" + runId + "/cancel", token, "{}");
    assertThat(again.code()).isEqualTo("run_terminal");
  }

  @Test
  void bad_input_is_refused_with_a_stable_code_and_creates_nothing() throws Exception {
    String id = calls.createSession(workspace, SessionCalls.echoAgent());
    String runId = calls.submitted(id, "hi");
    calls.replayAll(runId);

    Map<String, Reply> refusals = new HashMap<>();
    refusals.put(
        "invalid_cursor",
        SupervisorHttp.send(
            "GET",
            url + "/v1/runs/" + runId + "/events",
            null,
            Map.of("Authorization", "Bearer " + token, "Last-Event-ID", "12abc")));
    for (String after : List.of("-1", "99999999999999999999", "123456789012345678901", "1e3")) {
      Reply reply = SupervisorHttp.get(url + "/v1/runs/" + runId + "/events?after=" + after, token);
      assertThat(reply.status()).as(after).isEqualTo(400);
      assertThat(reply.code()).as(after).isEqualTo("invalid_cursor");
    }
    Reply pastEnd =
        SupervisorHttp.get(url + "/v1/sessions/" + id + "/events?after=999999999", token);
    assertThat(pastEnd.code()).isEqualTo("invalid_cursor");
    refusals.put("session_not_found", SupervisorHttp.get(url + "/v1/sessions/ses_0000", token));
    refusals.put("run_not_found", SupervisorHttp.get(url + "/v1/runs/srun_0000/events", token));
    refusals.put("invalid_request", SupervisorHttp.get(url + "/v1/sessions/nope", token));
    refusals.put("not_found", SupervisorHttp.get(url + "/v1/runs/run_1/events", token));
    Reply drive =
        SupervisorHttp.post(url + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
    assertThat(drive.code()).isEqualTo("not_found");
    assertThat(drive.body().path("error").path("message").asString()).contains("session run");
    refusals.put(
        "harness_invalid",
        SupervisorHttp.post(
            url + "/v1/sessions",
            token,
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "shell", "argv", List.of("sh"))))));
    refusals.put(
        "workspace_root_invalid",
        SupervisorHttp.post(
            url + "/v1/sessions",
            token,
            Json.write(Map.of("harness", Map.of("type", "command", "argv", List.of("x"))))));
    refusals.put("run_prompt_invalid", calls.submit(id, ""));
    refusals.put(
        "interaction_not_found",
        SupervisorHttp.post(
            url + "/v1/runs/" + runId + "/interactions/int_0000/resolve",
            token,
            "{\"approved\":true}"));
    for (var refusal : refusals.entrySet()) {
      assertThat(refusal.getValue().code()).as(refusal.getKey()).isEqualTo(refusal.getKey());
      assertThat(refusal.getValue().body().path("error").path("hint").asString())
          .as(refusal.getKey())
          .isNotBlank();
    }
    Reply badLimit = SupervisorHttp.get(url + "/v1/sessions?limit=0", token);
    assertThat(badLimit.code()).isEqualTo("invalid_request");

    assertThat(calls.runs(id)).containsExactly(runId);
    assertThat(
            SupervisorHttp.get(url + "/v1/sessions", token)
                .body()
                .path("sessions")
                .findValuesAsString("id"))
        .containsExactly(id);
  }

  @Test
  void session_routes_keep_the_host_origin_token_and_json_rules() throws Exception {
    String id = calls.createSession(workspace, SessionCalls.echoAgent());
    String runId = calls.submitted(id, "hi");
    List<String[]> routes =
        List.of(
            new String[] {"POST", "/v1/sessions", "{}"},
            new String[] {"GET", "/v1/sessions", null},
            new String[] {"GET", "/v1/sessions/" + id, null},
            new String[] {"GET", "/v1/sessions/" + id + "/messages", null},
            new String[] {"POST", "/v1/sessions/" + id + "/runs", "{\"prompt\":\"x\"}"},
            new String[] {"GET", "/v1/sessions/" + id + "/events", null},
            new String[] {"GET", "/v1/runs/" + runId, null},
            new String[] {"POST", "/v1/runs/" + runId + "/cancel", "{}"},
            new String[] {
              "POST", "/v1/runs/" + runId + "/interactions/int_1/resolve", "{\"approved\":true}"
            },
            new String[] {"GET", "/v1/runs/" + runId + "/events", null},
            new String[] {"GET", "/v1/runs/" + runId + "/verify", null});
    for (String[] route : routes) {
      String name = route[0] + " " + route[1];
      Map<String, String> json = Map.of("Content-Type", "application/json");
      Reply noToken = SupervisorHttp.send(route[0], url + route[1], route[2], json);
      assertThat(noToken.status()).as(name).isEqualTo(401);

      Map<String, String> headers = new HashMap<>(json);
      headers.put("Authorization", "Bearer " + token);
      headers.put("Host", "attacker.example:" + supervisor.port());
      Reply host = SupervisorHttp.send(route[0], url + route[1], route[2], headers);
      assertThat(host.code()).as(name).isEqualTo("host_not_allowed");

      headers.remove("Host");
      headers.put("Origin", "http://127.0.0.1:" + supervisor.port());
      Reply origin = SupervisorHttp.send(route[0], url + route[1], route[2], headers);
      assertThat(origin.code()).as(name).isEqualTo("origin_not_allowed");

      if (route[2] != null) {
        Reply form =
            SupervisorHttp.send(
                route[0],
                url + route[1],
                "a=b",
                Map.of(
                    "Authorization",
                    "Bearer " + token,
                    "Content-Type",
                    "application/x-www-form-urlencoded"));
        assertThat(form.code()).as(name).isEqualTo("unsupported_media_type");
      }
    }
    assertThat(calls.runs(id)).containsExactly(runId);
  }
}
