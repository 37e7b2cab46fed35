package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A supervisor killed with -9 while a run waits for an approval: the restarted one interrupts the
 * run, keeps the question open, and its answer carries on in a continuation run.
 */
class SupervisorCrashTest {
  @TempDir Path dir;

  @Test
  void an_answer_given_after_a_crash_continues_the_run_in_a_new_one() throws Exception {
    Path state = dir.resolve("state");
    Path workspace = Files.createDirectories(dir.resolve("workspace"));
    String session;
    String runId;
    String interactionId;
    try (ChildSupervisor first = ChildSupervisor.start(state, Map.of())) {
      SessionCalls calls = new SessionCalls(first.url(), first.token());
      session = calls.createSession(workspace, SessionCalls.echoAgent());
      runId = calls.submitted(session, "please approve the write");
      try (SseClient stream = calls.runEvents(runId, Map.of(), "")) {
        SseClient.Frame frame = stream.next();
        while (!frame.type().equals("run.approval.required")) {
          frame = stream.next();
        }
        interactionId = frame.data().path("data").path("interactionId").asString();
      }
      first.crash();
      assertThat(first.process().isAlive()).isFalse();
    }

    try (ChildSupervisor second = ChildSupervisor.start(state, Map.of())) {
      SessionCalls calls = new SessionCalls(second.url(), second.token());
      JsonNode interrupted = calls.run(runId);
      assertThat(interrupted.path("run").path("status").asString()).isEqualTo("interrupted");
      assertThat(interrupted.path("run").path("error").asString()).isEqualTo("server_restart");
      assertThat(interrupted.path("run").path("finishedAt").isNull()).isFalse();
      assertThat(interrupted.path("interactions").path(0).path("id").asString())
          .isEqualTo(interactionId);
      assertThat(interrupted.path("interactions").path(0).path("status").asString())
          .isEqualTo("pending");

      JsonNode resolved = resolveFromAnotherClient(second, runId, interactionId);
      assertThat(resolved.path("interaction").path("status").asString()).isEqualTo("resolved");
      String continuation = resolved.path("continuation").path("id").asString();
      assertThat(continuation).startsWith("srun_");
      assertThat(resolved.path("continuation").path("resumedFrom").asString()).isEqualTo(runId);

      List<SseClient.Frame> frames = calls.replayAll(continuation);
      assertThat(frames.getLast().type()).isEqualTo("run.completed");
      JsonNode done = calls.run(continuation).path("run");
      assertThat(done.path("status").asString()).isEqualTo("completed");
      assertThat(done.path("finalMessage").asString()).isEqualTo("resumed with approved: ship it");

      // The old run's stream now ends too: it is over and nothing of it is pending.
      List<SseClient.Frame> old = calls.replayAll(runId);
      assertThat(old).extracting(SseClient.Frame::type).contains("interaction.resolved");

      Reply messages =
          SupervisorHttp.get(
              second.url() + "/v1/sessions/" + session + "/messages", second.token());
      assertThat(messages.body().path("messages").findValuesAsString("content"))
          .contains("please approve the write", "resumed with approved: ship it");
      assertThat(calls.verify(runId).path("ok").asBoolean()).isTrue();
      assertThat(calls.verify(continuation).path("ok").asBoolean()).isTrue();
    }
  }

  private static JsonNode resolveFromAnotherClient(
      ChildSupervisor supervisor, String runId, String interactionId) throws Exception {
    HttpClient other = HttpClient.newHttpClient();
    HttpResponse<String> response =
        other.send(
            HttpRequest.newBuilder(
                    URI.create(
                        supervisor.url()
                            + "/v1/runs/"
                            + runId
                            + "/interactions/"
                            + interactionId
                            + "/resolve"))
                .header("Authorization", "Bearer " + supervisor.token())
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"approved\":true,\"answer\":\"ship it\",\"by\":\"reviewer\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Json.read(response.body());
  }
}
