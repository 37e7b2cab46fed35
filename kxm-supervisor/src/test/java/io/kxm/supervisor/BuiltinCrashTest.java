package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The built-in agent asks to write a file, its supervisor is killed with -9 while the question is
 * pending, and the answer given to the restarted supervisor from another client has the write
 * carried out in the session's worktree, with the diff as the continuation run's evidence.
 */
class BuiltinCrashTest {
  @TempDir Path dir;

  @Test
  void an_approval_answered_after_a_crash_writes_the_file_in_the_worktree() throws Exception {
    Path state = dir.resolve("state");
    Path workspace =
        GitRepository.withOneCommit(dir.resolve("workspace"), "README.md", "a project\n");
    try (FakeProvider provider = FakeProvider.start()) {
      provider.enqueue(
          Turn.text("I will write the plan.")
              .andToolCall("write_file", "{\"path\":\"plan.md\",\"content\":\"step one\\n\"}"));
      provider.when(
          Rule.whenToolResultFor("write_file", Turn.text("The plan is written.").withUsage(40, 6)));
      Map<String, String> env =
          Map.of(
              "ANTHROPIC_BASE_URL",
              provider.baseUrl().toString(),
              "ANTHROPIC_API_KEY",
              "sk-ant-test-key-for-the-fake");
      String session;
      String runId;
      String interactionId;
      try (ChildSupervisor first = ChildSupervisor.start(state, env)) {
        SessionCalls calls = new SessionCalls(first.url(), first.token());
        session = createBuiltinSession(first, workspace);
        runId = calls.submitted(session, "Write the plan");
        try (SseClient stream = calls.runEvents(runId, Map.of(), "")) {
          SseClient.Frame frame = stream.next();
          while (!frame.type().equals("run.approval.required")) {
            frame = stream.next();
          }
          JsonNode asked = frame.data().path("data");
          interactionId = asked.path("interactionId").asString();
          assertThat(asked.path("request").path("tool").asString()).isEqualTo("write_file");
        }
        first.crash();
      }
      assertThat(state.resolve("runtime/worktrees").resolve(session)).doesNotExist();

      try (ChildSupervisor second = ChildSupervisor.start(state, env)) {
        SessionCalls calls = new SessionCalls(second.url(), second.token());
        JsonNode interrupted = calls.run(runId).path("run");
        assertThat(interrupted.path("status").asString()).isEqualTo("interrupted");

        JsonNode resolved = resolveFromAnotherClient(second, runId, interactionId);
        String continuation = resolved.path("continuation").path("id").asString();
        assertThat(continuation).startsWith("srun_");

        List<SseClient.Frame> frames = calls.replayAll(continuation);
        assertThat(frames.getLast().type()).isEqualTo("run.completed");
        JsonNode done = calls.run(continuation).path("run");
        assertThat(done.path("status").asString()).isEqualTo("completed");
        assertThat(done.path("finalMessage").asString()).isEqualTo("The plan is written.");

        Path worktree = state.resolve("runtime/worktrees").resolve(session);
        assertThat(worktree.resolve("plan.md")).hasContent("step one\n");
        assertThat(workspace.resolve("plan.md")).doesNotExist();
        JsonNode evidence = diffOf(frames);
        assertThat(evidence.path("diff").asString()).contains("+++ b/plan.md", "+step one");
        assertThat(evidence.path("files").get(0).asString()).isEqualTo("A\tplan.md");
        assertThat(calls.verify(continuation).path("ok").asBoolean()).isTrue();

        // The model heard the write's result, as if the turn had never been interrupted.
        var told = provider.requests().getLast().toolResults();
        assertThat(told).hasSize(1);
        assertThat(told.getFirst().toolName()).isEqualTo("write_file");
        assertThat(told.getFirst().output()).contains("wrote 9 bytes to plan.md");
      }
    }
  }

  private static JsonNode diffOf(List<SseClient.Frame> frames) {
    List<JsonNode> diffs = new ArrayList<>();
    for (SseClient.Frame frame : frames) {
      JsonNode data = frame.data().path("data");
      if (frame.type().equals("tool.result")
          && data.path("id").asString().equals("kxm_worktree_diff")) {
        diffs.add(data.path("output"));
      }
    }
    assertThat(diffs).hasSize(1);
    return diffs.getFirst();
  }

  private static String createBuiltinSession(ChildSupervisor supervisor, Path workspace)
      throws Exception {
    Reply created =
        SupervisorHttp.post(
            supervisor.url() + "/v1/sessions",
            supervisor.token(),
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "builtin", "argv", List.of()),
                    "model",
                    "anthropic/claude-sonnet-4-5")));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    return created.body().get("id").asString();
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
                        "{\"approved\":true,\"answer\":\"go ahead\",\"by\":\"reviewer\"}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Json.read(response.body());
  }
}
