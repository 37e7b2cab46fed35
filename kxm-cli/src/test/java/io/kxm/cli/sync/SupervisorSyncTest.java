package io.kxm.cli.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.HubCalls;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.supervisor.EngineFactory;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The supervisor as {@code kxm runtime start} runs it pushes a project's run events to the hub the
 * machine was bound to after it started, without a restart.
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

      new HubBinding(URI.create(hub.baseUrl()), TestEnv.ALPHA, "alpha", Instant.now()).save(state);
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
