package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run API of a real supervisor hosting the real engine, over HTTP on port 0. */
class RunsApiTest {
  @TempDir Path dir;
  Path project;
  Supervisor supervisor;
  String token;
  String url;

  @BeforeEach
  void start() throws Exception {
    project = Files.createDirectories(dir.resolve("project"));
    StarterConfig.write(project, false);
    Files.writeString(
        project.resolve(".kxm/gates.yaml"),
        """
        gates:
          tests:
            description: Always passes.
            argv: ["true"]
            timeoutMs: 60000
          slow:
            description: Takes a moment.
            argv: ["sleep", "3"]
            timeoutMs: 60000
        """);
    Files.writeString(
        project.resolve(".kxm/workflows/slow.yaml"),
        """
        apiVersion: kxm.workflow.v1
        id: slow
        coordinator: coder
        steps:
          - id: pause
            type: gate
            gate: slow
        """);
    GitRepository.commitAll(project, "starter");
    StatePaths state = new StatePaths(dir.resolve("state"));
    supervisor =
        Supervisor.start(
            new SupervisorConfig(
                state,
                EngineFactory.of(state, Clock.systemUTC()),
                Duration.ofSeconds(30),
                Duration.ofSeconds(5),
                Clock.systemUTC()));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    url = supervisor.url();
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  String createBody(String workflow) {
    return Json.write(
        Map.of("projectRoot", project.toString(), "workflow", workflow, "prompt", "hello"));
  }

  @Test
  void a_run_is_created_listed_driven_and_verified_through_the_api() throws Exception {
    Reply created = SupervisorHttp.post(url + "/v1/runs", token, createBody("example"));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    String runId = created.body().get("runId").asString();
    assertThat(created.body().get("status").asString()).isEqualTo("created");

    Reply list = SupervisorHttp.get(url + "/v1/runs?projectRoot=" + project.toRealPath(), token);
    assertThat(list.body().get("runs")).hasSize(1);

    Reply noReceipt = SupervisorHttp.get(url + "/v1/runs/" + runId + "/receipt", token);
    assertThat(noReceipt.status()).isEqualTo(404);
    assertThat(noReceipt.code()).isEqualTo("run_has_no_receipt");

    Reply drive =
        SupervisorHttp.post(url + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
    assertThat(drive.status()).as(drive.body().toString()).isEqualTo(200);
    assertThat(drive.body().path("run").path("run").path("status").asString())
        .isEqualTo("completed");

    Reply receipt = SupervisorHttp.get(url + "/v1/runs/" + runId + "/receipt", token);
    assertThat(receipt.status()).isEqualTo(200);
    assertThat(receipt.body().get("runId").asString()).isEqualTo(runId);
    Reply verify = SupervisorHttp.get(url + "/v1/runs/" + runId + "/verify", token);
    assertThat(verify.body().get("ok").asBoolean()).isTrue();

    String log =
        Files.readString(SupervisorPaths.of(new StatePaths(dir.resolve("state"))).logFile());
    assertThat(log).contains("run.created").contains(runId).doesNotContain("hello");
    assertThat(log).doesNotContain(token);
  }

  @Test
  void an_uncommitted_tree_is_refused_unless_the_body_allows_it_and_the_run_says_so()
      throws Exception {
    Path gates = project.resolve(".kxm/gates.yaml");
    Files.writeString(gates, Files.readString(gates).replace("Always passes.", "Not reviewed."));

    Reply refused = SupervisorHttp.post(url + "/v1/runs", token, createBody("example"));
    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.code()).isEqualTo("config_uncommitted");
    assertThat(refused.body().toString()).contains(".kxm/gates.yaml");

    Reply allowed =
        SupervisorHttp.post(
            url + "/v1/runs",
            token,
            Json.write(
                Map.of(
                    "projectRoot",
                    project.toString(),
                    "workflow",
                    "slow",
                    "prompt",
                    "x".repeat(200 * 1024),
                    "allowDirty",
                    true)));
    assertThat(allowed.status()).as(allowed.body().toString()).isEqualTo(201);
    assertThat(allowed.body().path("config").path("dirty").asBoolean()).isTrue();
    assertThat(allowed.body().path("config").path("uncommitted").get(0).asString())
        .isEqualTo(".kxm/gates.yaml");
    Reply list = SupervisorHttp.get(url + "/v1/runs?projectRoot=" + project.toRealPath(), token);
    assertThat(list.body().get("runs")).hasSize(1);
  }

  @Test
  void run_bodies_are_read_as_strictly_as_the_hubs_and_a_refusal_creates_no_run() throws Exception {
    String root = Json.write(project.toString());
    Reply unknown =
        SupervisorHttp.post(
            url + "/v1/runs",
            token,
            "{\"projectRoot\":" + root + ",\"workflow\":\"example\",\"priority\":1}");
    Reply duplicate =
        SupervisorHttp.post(
            url + "/v1/runs",
            token,
            "{\"projectRoot\":" + root + ",\"workflow\":\"example\",\"workflow\":\"slow\"}");
    Reply wrongType =
        SupervisorHttp.post(
            url + "/v1/runs", token, "{\"projectRoot\":" + root + ",\"workflow\":7}");

    assertThat(unknown.code()).as(unknown.body().toString()).isEqualTo("unknown_field");
    assertThat(unknown.body().path("error").path("message").asString())
        .startsWith("priority is not a field of this body");
    assertThat(duplicate.code()).as(duplicate.body().toString()).isEqualTo("duplicate_key");
    assertThat(duplicate.body().path("error").path("message").asString())
        .isEqualTo("workflow appears more than once");
    assertThat(wrongType.code()).as(wrongType.body().toString()).isEqualTo("invalid_type");
    assertThat(java.util.List.of(unknown, duplicate, wrongType))
        .allSatisfy(reply -> assertThat(reply.status()).isEqualTo(400));
    Reply list = SupervisorHttp.get(url + "/v1/runs?projectRoot=" + project.toRealPath(), token);
    assertThat(list.body().get("runs")).isEmpty();
  }

  @Test
  void refused_calls_answer_the_error_envelope_and_create_nothing() throws Exception {
    Reply relative =
        SupervisorHttp.post(
            url + "/v1/runs", token, "{\"projectRoot\":\"project\",\"workflow\":\"example\"}");
    assertThat(relative.status()).isEqualTo(400);
    assertThat(relative.code()).isEqualTo("project_root_invalid");

    Reply noWorkflow =
        SupervisorHttp.post(
            url + "/v1/runs", token, Json.write(Map.of("projectRoot", project.toString())));
    assertThat(noWorkflow.status()).isEqualTo(400);
    assertThat(noWorkflow.code()).isEqualTo("invalid_request");

    Reply notJson = SupervisorHttp.post(url + "/v1/runs", token, "{\"projectRoot\":");
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(notJson.code()).isEqualTo("invalid_json");

    Reply array = SupervisorHttp.post(url + "/v1/runs", token, "[1,2]");
    assertThat(array.code()).isEqualTo("invalid_request");

    Reply unknownWorkflow = SupervisorHttp.post(url + "/v1/runs", token, createBody("nope"));
    assertThat(unknownWorkflow.status()).isEqualTo(404);
    assertThat(unknownWorkflow.body().path("error").path("hint").asString()).isNotBlank();

    Reply unknownRun = SupervisorHttp.get(url + "/v1/runs/run_missing", token);
    assertThat(unknownRun.status()).isEqualTo(404);
    assertThat(unknownRun.code()).isEqualTo("run_not_found");

    Reply badId = SupervisorHttp.get(url + "/v1/runs/%20bad%20id", token);
    assertThat(badId.code()).isEqualTo("invalid_request");

    Reply created = SupervisorHttp.post(url + "/v1/runs", token, createBody("example"));
    String runId = created.body().get("runId").asString();
    Reply badAction =
        SupervisorHttp.post(url + "/v1/runs/" + runId + "/recover", token, "{\"action\":\"nuke\"}");
    assertThat(badAction.status()).isEqualTo(400);
    assertThat(badAction.body().path("error").path("message").asString()).contains("nuke");

    Reply list = SupervisorHttp.get(url + "/v1/runs?projectRoot=" + project.toRealPath(), token);
    assertThat(list.body().get("runs")).hasSize(1);
    Reply unchanged = SupervisorHttp.get(url + "/v1/runs/" + runId, token);
    assertThat(unchanged.body().path("run").path("status").asString()).isEqualTo("created");
  }

  @Test
  void a_stop_during_a_drive_refuses_new_calls_and_lets_the_drive_finish() throws Exception {
    Reply created = SupervisorHttp.post(url + "/v1/runs", token, createBody("slow"));
    String runId = created.body().get("runId").asString();
    CompletableFuture<Reply> drive =
        CompletableFuture.supplyAsync(() -> {
          try {
            return SupervisorHttp.post(
                url + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() ->
            SupervisorHttp.get(url + "/v1/runs/" + runId, token)
                .body()
                .path("steps")
                .path(0)
                .path("status")
                .asString()
                .equals("running"));

    CompletableFuture<Boolean> stopped = CompletableFuture.supplyAsync(supervisor::stop);
    await().atMost(Duration.ofSeconds(10)).until(supervisor::isDraining);
    // New runs are refused at once; once the session runs are settled every call is.
    Reply another = SupervisorHttp.post(url + "/v1/runs", token, createBody("example"));
    assertThat(another.status()).isEqualTo(503);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> SupervisorHttp.get(url + "/v1/runs/" + runId, token).status() == 503);
    Reply refused = SupervisorHttp.get(url + "/v1/runs/" + runId, token);
    assertThat(refused.code()).isEqualTo("server_draining");

    Reply finished = drive.get(60, TimeUnit.SECONDS);
    assertThat(finished.status()).isEqualTo(200);
    assertThat(finished.body().path("run").path("run").path("status").asString())
        .isEqualTo("completed");
    assertThat(stopped.get(60, TimeUnit.SECONDS)).isTrue();
  }
}
