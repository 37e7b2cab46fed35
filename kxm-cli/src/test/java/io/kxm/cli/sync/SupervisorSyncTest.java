package io.kxm.cli.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.HubCalls;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.supervisor.EngineFactory;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import io.kxm.testkit.GitRepository;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The supervisor as {@code kxm runtime start} runs it pushes a project's run events to the hub that
 * project was bound to after it started, without a restart; another project on the machine syncs
 * only to its own binding.
 */
class SupervisorSyncTest {
  @TempDir Path dir;

  @Test
  void a_run_driven_after_kxm_hub_bind_reaches_the_hub_without_restarting_the_supervisor()
      throws Exception {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_PORT", "0");
    StatePaths state = new StatePaths(dir.resolve("state"));
    Path project = Files.createDirectories(dir.resolve("work"));
    StarterConfig.write(project, false);
    GitRepository.commitAll(project, "starter");
    try (HubServer hub =
            HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("hub")), env);
        Supervisor supervisor =
            Supervisor.start(
                new SupervisorConfig(
                    state,
                    EngineFactory.of(state, Clock.systemUTC()),
                    Duration.ofSeconds(10),
                    Duration.ofMillis(100),
                    Clock.systemUTC()))) {
      String token = Files.readString(supervisor.tokenFile()).strip();
      JsonNode created =
          call(
              supervisor.url() + "/v1/runs",
              token,
              Json.write(
                  Map.of("projectRoot", project.toString(), "workflow", "example", "prompt", "x")));
      String runId = created.get("runId").asString();
      HubCalls calls = new HubCalls(hub.baseUrl());
      assertThat(Json.read(calls.get("/v1/runtime/runs", TestEnv.ALPHA)).path("runs")).isEmpty();

      new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
          .save(state, ProjectKeys.key(ProjectKeys.canonical(project)));
      JsonNode drive =
          call(supervisor.url() + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
      String finalStatus = drive.path("run").path("run").path("status").asString();
      assertThat(finalStatus).isIn("completed", "failed");

      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(() -> {
            JsonNode runs = Json.read(calls.get("/v1/runtime/runs", TestEnv.ALPHA)).path("runs");
            assertThat(runs).hasSize(1);
            assertThat(runs.get(0).path("runId").asString()).isEqualTo(runId);
            assertThat(runs.get(0).path("status").asString()).isEqualTo(finalStatus);
          });
    }
  }

  @Test
  void hub_bind_binds_the_project_it_runs_in_and_the_other_project_syncs_only_once_bound_itself()
      throws Exception {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_PORT", "0");
    StatePaths state = new StatePaths(dir.resolve("state"));
    Path first = committedProject("first");
    Path second = committedProject("second");
    try (HubServer hub =
            HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("hub")), env);
        Supervisor supervisor =
            Supervisor.start(
                new SupervisorConfig(
                    state,
                    EngineFactory.of(state, Clock.systemUTC()),
                    Duration.ofSeconds(10),
                    Duration.ofMillis(100),
                    Clock.systemUTC()))) {
      String token = Files.readString(supervisor.tokenFile()).strip();
      String firstRun = createAndDrive(supervisor.url(), token, first);
      String secondRun = createAndDrive(supervisor.url(), token, second);
      Map<String, String> cli = TestEnv.of(dir);
      HubCalls calls = new HubCalls(hub.baseUrl());

      CliRun.Result bound =
          CliRun.run(
              cli, first.resolve(".kxm"), "hub", "bind", hub.baseUrl(), "--token", TestEnv.ALPHA);
      assertThat(bound.exit()).as(bound.err()).isZero();
      assertThat(bound.out()).contains("bound " + first.toRealPath() + " to ");
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(() ->
              assertThat(Json.read(calls.get("/v1/runtime/runs", TestEnv.ALPHA)).path("runs"))
                  .extracting(r -> r.path("runId").asString())
                  .containsExactly(firstRun));

      CliRun.Result other =
          CliRun.run(
              cli,
              dir,
              "hub",
              "bind",
              hub.baseUrl(),
              "--token",
              TestEnv.BETA,
              "--project-root",
              second.toString());
      assertThat(other.exit()).as(other.err()).isZero();
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(() ->
              assertThat(Json.read(calls.get("/v1/runtime/runs", TestEnv.BETA)).path("runs"))
                  .extracting(r -> r.path("runId").asString())
                  .containsExactly(secondRun));
      assertThat(Json.read(calls.get("/v1/runtime/runs", TestEnv.ALPHA)).path("runs"))
          .extracting(r -> r.path("runId").asString())
          .containsExactly(firstRun);
    }
  }

  @Test
  void a_session_run_in_a_bound_project_reaches_its_hub_as_its_lifecycle_without_its_text()
      throws Exception {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_PORT", "0");
    StatePaths state = new StatePaths(dir.resolve("state"));
    Path bound = committedProject("bound");
    Path other = committedProject("other");
    try (HubServer hub =
            HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("hub")), env);
        Supervisor supervisor =
            Supervisor.start(
                new SupervisorConfig(
                    state,
                    EngineFactory.of(state, Clock.systemUTC()),
                    Duration.ofSeconds(10),
                    Duration.ofMillis(100),
                    Clock.systemUTC()))) {
      String token = Files.readString(supervisor.tokenFile()).strip();
      new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now())
          .save(state, ProjectKeys.key(ProjectKeys.canonical(bound)));
      String boundRun =
          sessionTurn(supervisor.url(), token, Files.createDirectories(bound.resolve("src")));
      sessionTurn(supervisor.url(), token, other);
      HubCalls calls = new HubCalls(hub.baseUrl());

      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(() -> {
            JsonNode runs = Json.read(calls.get("/v1/runtime/runs", TestEnv.ALPHA)).path("runs");
            assertThat(runs).extracting(r -> r.path("runId").asString()).containsExactly(boundRun);
            assertThat(runs.get(0).path("status").asString()).isEqualTo("completed");
            // queued, running, completed
            assertThat(runs.get(0).path("events").asLong()).isEqualTo(3);
          });
    }
  }

  /** One turn of a new echo-agent session in {@code workspace}, waited until it ended. */
  private static String sessionTurn(String url, String token, Path workspace) throws Exception {
    Path echoAgent =
        Path.of("..", "examples", "harness", "echo-agent.py").toAbsolutePath().normalize();
    JsonNode session =
        call(
            url + "/v1/sessions",
            token,
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "command", "argv", List.of("python3", echoAgent.toString())))));
    JsonNode run =
        call(
            url + "/v1/sessions/" + session.path("id").asString() + "/runs",
            token,
            Json.write(Map.of("prompt", "say hello from the session")));
    String sessionUrl = url + "/v1/sessions/" + session.path("id").asString();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> get(sessionUrl, token).path("runs").path(0).path("finishedAt").isString());
    return run.path("id").asString();
  }

  private static JsonNode get(String url, String token) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", "Bearer " + token)
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return Json.read(response.body());
  }

  private Path committedProject(String name) throws Exception {
    Path project = Files.createDirectories(dir.resolve(name));
    StarterConfig.write(project, false);
    return GitRepository.commitAll(project, "starter");
  }

  private static String createAndDrive(String url, String token, Path project) throws Exception {
    JsonNode created =
        call(
            url + "/v1/runs",
            token,
            Json.write(
                Map.of("projectRoot", project.toString(), "workflow", "example", "prompt", "x")));
    String runId = created.get("runId").asString();
    call(url + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
    return runId;
  }

  private static JsonNode call(String url, String token, String body) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return Json.read(response.body());
  }
}
