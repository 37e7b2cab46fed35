package io.kxm.cli.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm workflow} and {@code kxm gate signal} against the hub as {@code kxm hub start}
 * assembles it: the coordinator parks a stage from the shell, and a signed signal from the shell
 * completes the run.
 */
class WorkflowCliTest {
  static final String START_SECRET = "deploy-start-secret-0123456789";
  static final String SIGNAL_SECRET = "deploy-signal-secret-0123456789";
  static final String DEFINITION =
      """
      {"id": "deploy", "project": "alpha", "coordinator": "lead",
       "promptTemplate": "Deploy {{payload.sha}}.",
       "secretEnv": "KXM_TEST_DEPLOY_SECRET", "signalSecretEnv": "KXM_TEST_DEPLOY_SIGNAL",
       "stages": [{"id": "ci", "instructions": "Wait for CI.", "requiredEvidence": ["ci"],
                   "maxAttempts": 1}]}
      """;

  @TempDir static Path dir;
  static HubServer hub;

  @BeforeAll
  static void start() throws Exception {
    Path definitions = dir.resolve("definitions");
    Files.createDirectories(definitions);
    Files.writeString(definitions.resolve("deploy.json"), DEFINITION);
    Map<String, String> env = TestEnv.hub(dir.resolve("hub"));
    env.put("KXM_WORKFLOWS_DIR", definitions.toString());
    env.put("KXM_TEST_DEPLOY_SECRET", START_SECRET);
    env.put("KXM_TEST_DEPLOY_SIGNAL", SIGNAL_SECRET);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("hub/project")), env);
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static Map<String, String> env(String agent) {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), agent);
    env.put("KXM_WORKFLOWS_DIR", dir.resolve("definitions").toString());
    env.put("KXM_TEST_DEPLOY_SIGNAL", SIGNAL_SECRET);
    return env;
  }

  static JsonNode json(String agent, String... args) {
    CliRun.Result result = CliRun.run(env(agent), dir, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  @Test
  void a_coordinator_waits_from_the_shell_and_a_signed_gate_signal_completes_the_run()
      throws Exception {
    json("lead", "workflow", "list", "--json");
    String runId = startRun("cli-1").path("runId").asString();

    JsonNode listed = json("lead", "workflow", "list", "--json");
    JsonNode waited =
        json(
            "lead",
            "workflow",
            "wait",
            "--run-id",
            runId,
            "--stage-id",
            "ci",
            "--signal-key",
            "ci-sha-1",
            "--summary",
            "CI is running",
            "--json");
    JsonNode signalled =
        json(
            "ops",
            "gate",
            "signal",
            runId,
            "--workflow",
            "deploy",
            "--signal-key",
            "ci-sha-1",
            "--status",
            "passed",
            "--evidence",
            "ci=green",
            "--json");
    JsonNode read = json("lead", "workflow", "get", "--run-id", runId, "--json");

    assertThat(listed.path("runs").findValuesAsString("id")).contains(runId);
    assertThat(waited.path("run").path("status").asString()).isEqualTo("waiting");
    assertThat(signalled.path("run").path("status").asString()).isEqualTo("completed");
    assertThat(read.path("run").path("status").asString()).isEqualTo("completed");
  }

  @Test
  void another_agent_is_refused_with_workflow_forbidden_and_exit_1() throws Exception {
    String runId = startRun("cli-2").path("runId").asString();

    CliRun.Result result =
        CliRun.run(env("mallory"), dir, "workflow", "get", "--run-id", runId, "--json");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("workflow_forbidden").contains("lead");
  }

  private static JsonNode startRun(String delivery) throws Exception {
    byte[] body = "{\"sha\":\"abc123\"}".getBytes(StandardCharsets.UTF_8);
    long timestamp = Instant.now().getEpochSecond();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(hub.baseUrl() + "/v1/webhooks/deploy"))
            .header("Content-Type", "application/json")
            .header(WebhookSignature.DELIVERY_HEADER, delivery)
            .header(WebhookSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
            .header(
                WebhookSignature.SIGNATURE_HEADER,
                WebhookSignature.sign(
                    SigningSecret.of(START_SECRET, "test"),
                    "POST",
                    WebhookSignature.startPath("deploy"),
                    delivery,
                    timestamp,
                    body))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    try (HttpClient client = HttpClient.newHttpClient()) {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
      return Json.read(response.body());
    }
  }
}
