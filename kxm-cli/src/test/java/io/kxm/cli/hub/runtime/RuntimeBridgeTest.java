package io.kxm.cli.hub.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The bridge's routes over a real hub and a real supervisor child process. */
class RuntimeBridgeTest {
  private static final String ADMIN = TestEnv.ADMIN;

  @TempDir Path dir;
  RuntimeHub hub;

  @BeforeEach
  void start_hub() throws Exception {
    hub = RuntimeHub.start(dir);
  }

  @AfterEach
  void stop_all() {
    hub.close();
  }

  @Test
  void without_a_supervisor_every_route_answers_503_runtime_unavailable_with_the_start_hint()
      throws Exception {
    for (String path :
        List.of(
            "/v1/runtime/supervisor/runs",
            "/v1/runtime/supervisor/interactions",
            "/v1/runtime/supervisor/sessions")) {
      RuntimeHub.Reply reply = hub.get(path, ADMIN);
      assertThat(reply.status()).as(path).isEqualTo(503);
      assertThat(reply.code()).isEqualTo("runtime_unavailable");
      assertThat(reply.body().path("error").path("hint").asString()).contains("kxm runtime start");
    }
    RuntimeHub.Reply status = hub.get("/v1/runtime/supervisor/status", ADMIN);
    assertThat(status.body().path("supervisor").asString()).isEqualTo("stopped");
    assertThat(status.body().path("projectRoot").asString())
        .isEqualTo(hub.project().toAbsolutePath().normalize().toString());
  }

  @Test
  void a_project_token_is_refused_every_runtime_route_as_admin_required() throws Exception {
    hub.startSupervisor();
    for (String path :
        List.of(
            "/v1/runtime/supervisor/status",
            "/v1/runtime/supervisor/runs",
            "/v1/runtime/supervisor/interactions",
            "/v1/runtime/supervisor/harnesses",
            "/v1/runtime/supervisor/sessions")) {
      RuntimeHub.Reply reply = hub.get(path, TestEnv.ALPHA);
      assertThat(reply.status()).as(path).isEqualTo(403);
      assertThat(reply.code()).isEqualTo("admin_required");
    }
    RuntimeHub.Reply create =
        hub.post(
            "/v1/runtime/supervisor/sessions", TestEnv.ALPHA, "{\"harness\":\"command:echo\"}");
    assertThat(create.code()).isEqualTo("admin_required");
    assertThat(hub.get("/v1/runtime/supervisor/sessions", ADMIN).body().path("sessions")).isEmpty();
  }

  @Test
  void bad_input_is_refused_before_the_supervisor_sees_it() throws Exception {
    hub.startSupervisor();
    RuntimeHub.Reply unknown =
        hub.post("/v1/runtime/supervisor/sessions", ADMIN, "{\"harness\":\"command:rm\"}");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.code()).isEqualTo("harness_invalid");
    RuntimeHub.Reply argv =
        hub.post(
            "/v1/runtime/supervisor/sessions",
            ADMIN,
            "{\"harness\":\"command:echo\",\"argv\":[\"sh\",\"-c\",\"id\"]}");
    assertThat(argv.status()).isEqualTo(400);
    assertThat(argv.code()).isEqualTo("unknown_field");
    RuntimeHub.Reply badId = hub.get("/v1/runtime/supervisor/sessions/ses_BAD%20ID", ADMIN);
    assertThat(badId.status()).isEqualTo(400);
    assertThat(badId.code()).isEqualTo("invalid_request");
    RuntimeHub.Reply badRun = hub.get("/v1/runtime/supervisor/runs/%2E%2Ehidden", ADMIN);
    assertThat(badRun.status()).isEqualTo(400);
    RuntimeHub.Reply typed =
        hub.post(
            "/v1/runtime/supervisor/runs/srun_x/interactions/int_y/resolve",
            ADMIN,
            "{\"approved\":\"yes\"}");
    assertThat(typed.status()).isEqualTo(400);
    RuntimeHub.Reply both =
        hub.post(
            "/v1/runtime/supervisor/runs/srun_x/interactions/int_y/resolve",
            ADMIN,
            "{\"answer\":\"a\",\"values\":{\"n\":1}}");
    assertThat(both.status()).isEqualTo(400);
    RuntimeHub.Reply empty = hub.post("/v1/runtime/supervisor/sessions/ses_abc/runs", ADMIN, "{}");
    assertThat(empty.code()).isEqualTo("run_prompt_invalid");
    try (InputStream body =
        hub.stream("/v1/runtime/supervisor/sessions/ses_abc/events?after=-1", ADMIN, null).body()) {
      assertThat(new String(body.readAllBytes())).contains("invalid_cursor");
    }
    assertThat(hub.get("/v1/runtime/supervisor/sessions", ADMIN).body().path("sessions")).isEmpty();
  }

  @Test
  void an_approval_answered_through_the_bridge_lets_the_session_run_complete_in_the_store()
      throws Exception {
    hub.startSupervisor();
    JsonNode harnesses =
        hub.get("/v1/runtime/supervisor/harnesses", ADMIN).body().path("harnesses");
    assertThat(harnesses)
        .anySatisfy(h -> assertThat(h.path("id").asString()).isEqualTo("command:echo"));

    RuntimeHub.Reply session =
        hub.post("/v1/runtime/supervisor/sessions", ADMIN, "{\"harness\":\"command:echo\"}");
    assertThat(session.status()).as(session.text()).isEqualTo(201);
    String sessionId = session.body().path("id").asString();
    assertThat(session.body().path("workspaceRoot").asString())
        .isEqualTo(hub.project().toAbsolutePath().normalize().toString());
    RuntimeHub.Reply run =
        hub.post(
            "/v1/runtime/supervisor/sessions/" + sessionId + "/runs",
            ADMIN,
            "{\"prompt\":\"please approve this\"}");
    assertThat(run.status()).as(run.text()).isEqualTo(201);
    String runId = run.body().path("id").asString();

    JsonNode pending =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    hub.get("/v1/runtime/supervisor/interactions", ADMIN)
                        .body()
                        .path("interactions"),
                list -> !list.isEmpty());
    JsonNode approval = pending.get(0);
    assertThat(approval.path("runId").asString()).isEqualTo(runId);
    assertThat(approval.path("kind").asString()).isEqualTo("approval");
    assertThat(approval.path("request").path("tool").asString()).isEqualTo("write_file");

    RuntimeHub.Reply resolved =
        hub.post(
            "/v1/runtime/supervisor/runs/"
                + runId
                + "/interactions/"
                + approval.path("interactionId").asString()
                + "/resolve",
            ADMIN,
            "{\"approved\":true,\"by\":\"ada\"}");
    assertThat(resolved.status()).as(resolved.text()).isEqualTo(200);

    JsonNode shown =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> hub.get("/v1/runtime/supervisor/runs/" + runId, ADMIN).body(),
                b -> b.path("run").path("status").asString().equals("completed"));
    assertThat(shown.path("run").path("finalMessage").asString()).isEqualTo("approved");
    JsonNode interaction = shown.path("interactions").get(0);
    assertThat(interaction.path("status").asString()).isEqualTo("resolved");
    assertThat(interaction.path("answer").path("by").asString()).isEqualTo("ada");
    assertThat(hub.get("/v1/runtime/supervisor/interactions", ADMIN).body().path("interactions"))
        .isEmpty();
    JsonNode runs = hub.get("/v1/runtime/supervisor/runs", ADMIN).body();
    assertThat(runs.path("sessionRuns"))
        .anySatisfy(r -> assertThat(r.path("id").asString()).isEqualTo(runId));

    String token = hub.supervisorToken();
    assertThat(hub.get("/v1/runtime/supervisor/runs", ADMIN).text()).doesNotContain(token);
    assertThat(hub.get("/v1/runtime/supervisor/sessions/" + sessionId, ADMIN).text())
        .doesNotContain(token);
  }

  @Test
  void the_event_stream_is_relayed_with_ids_and_names_and_resumes_after_last_event_id()
      throws Exception {
    hub.startSupervisor();
    String sessionId =
        hub.post("/v1/runtime/supervisor/sessions", ADMIN, "{\"harness\":\"command:echo\"}")
            .body()
            .path("id")
            .asString();
    String runId =
        hub.post(
                "/v1/runtime/supervisor/sessions/" + sessionId + "/runs",
                ADMIN,
                "{\"prompt\":\"hello there\"}")
            .body()
            .path("id")
            .asString();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() ->
            hub.get("/v1/runtime/supervisor/runs/" + runId, ADMIN)
                .body()
                .path("run")
                .path("status")
                .asString()
                .equals("completed"));

    List<SseFrame> all =
        frames("/v1/runtime/supervisor/runs/" + runId + "/events", null, "run.completed");
    assertThat(all).extracting(SseFrame::type).contains("message.delta", "tool.call");
    assertThat(all).allSatisfy(f -> assertThat(f.id()).isNotNull());
    long middle = Long.parseLong(all.get(1).id());
    List<SseFrame> resumed =
        frames("/v1/runtime/supervisor/runs/" + runId + "/events", middle, "run.completed");
    assertThat(Long.parseLong(resumed.getFirst().id())).isGreaterThan(middle);
    assertThat(resumed).hasSize(all.size() - 2);
  }

  /** Frames of a stream up to and including the first of type {@code last}. */
  private List<SseFrame> frames(String path, Long lastEventId, String last) throws Exception {
    HttpResponse<InputStream> response = hub.stream(path, ADMIN, lastEventId);
    assertThat(response.statusCode()).isEqualTo(200);
    List<SseFrame> frames = new ArrayList<>();
    try (InputStream body = response.body()) {
      SseReader reader = new SseReader(body, 1 << 20, 1 << 22);
      SseFrame frame;
      while ((frame = reader.next()) != null) {
        frames.add(frame);
        if (frame.type().equals(last)) {
          break;
        }
      }
    }
    return frames;
  }
}
