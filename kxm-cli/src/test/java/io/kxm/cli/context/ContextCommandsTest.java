package io.kxm.cli.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm context …} in process against a real hub, as an operator with the admin token. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ContextCommandsTest {
  @TempDir static Path dir;
  HubServer hub;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  void start() {
    Map<String, String> env = TestEnv.hub(dir);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }

  @AfterAll
  void stop() {
    hub.stop();
  }

  private Map<String, String> operator(String token) {
    Map<String, String> env = new HashMap<>(TestEnv.of(dir));
    env.put("KXM_SERVER_URL", hub.baseUrl());
    env.put("KXM_PROJECT", "alpha");
    if (token != null) {
      env.put("KXM_AUTH_TOKEN", token);
    }
    return env;
  }

  private CliRun.Result kxm(String... args) {
    return CliRun.run(operator(TestEnv.ADMIN), dir, args);
  }

  private JsonNode post(String path, Map<String, String> headers, Object body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(hub.baseUrl() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
    headers.forEach(request::header);
    HttpResponse<String> response =
        http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return Json.read(response.body());
  }

  /** An agent named lead proposes a value for {@code key}; returns the proposal id. */
  private String agentProposes(String key, String summary) throws Exception {
    String bearer = "Bearer " + TestEnv.ALPHA;
    JsonNode agent =
        post("/v1/projects/alpha/agents", Map.of("Authorization", bearer), Map.of("name", "lead"));
    return post(
            "/v1/agents/" + agent.path("agentId").asString() + "/context/proposals",
            Map.of("Authorization", bearer, "X-KXM-Agent-Key", agent.path("agentKey").asString()),
            Map.of(
                "key",
                key,
                "summary",
                summary,
                "authority",
                "evidence",
                "confidence",
                "probable",
                "evidenceRefs",
                List.of("jrn_1")))
        .path("proposalId")
        .asString();
  }

  @Test
  void every_context_command_has_help() {
    for (String command :
        List.of("get", "recall", "state", "episode", "add", "proposals", "promote", "reject")) {
      CliRun.Result help = kxm("context", command, "--help");
      assertThat(help.exit()).as(command).isZero();
      assertThat(help.out()).as(command).contains("Usage: kxm context " + command);
    }
    assertThat(kxm("context", "--help").out()).contains("KXM_AUTH_TOKEN");
  }

  @Test
  void an_operator_adds_items_then_recalls_and_packs_them() {
    CliRun.Result added =
        kxm(
            "context",
            "add",
            "--kind",
            "evidence",
            "--summary",
            "checkout test flakes on CI",
            "--origin",
            "tool",
            "--authority",
            "evidence",
            "--source-ref",
            "ci-run-42",
            "--as",
            "ops");
    assertThat(added.exit()).as(added.err()).isZero();
    assertThat(added.out()).startsWith("added ctx_");

    CliRun.Result recall = kxm("context", "recall", "checkout flakes", "--json");
    assertThat(recall.exit()).as(recall.err()).isZero();
    JsonNode answer = Json.read(recall.out());
    assertThat(answer.path("items").get(0).path("sourceRefs").toString()).contains("ci-run-42");
    assertThat(answer.path("items").get(0).has("summary")).isFalse();

    CliRun.Result packet =
        kxm("context", "get", "--role", "repro", "--task", "reproduce the checkout flake");
    assertThat(packet.exit()).as(packet.err()).isZero();
    assertThat(packet.out()).contains("packet for repro").contains("checkout test flakes on CI");

    CliRun.Result tooStrong =
        kxm(
            "context",
            "add",
            "--kind",
            "evidence",
            "--summary",
            "s",
            "--origin",
            "tool",
            "--authority",
            "policy",
            "--as",
            "ops");
    assertThat(tooStrong.exit()).isEqualTo(1);
    assertThat(tooStrong.err()).contains("context_authority_exceeded");
  }

  @Test
  void promotion_needs_the_admin_token_and_someone_other_than_the_author() throws Exception {
    String proposalId = agentProposes("ci.timeout", "raise the CI timeout to 40 minutes");

    CliRun.Result listed = kxm("context", "proposals");
    assertThat(listed.exit()).as(listed.err()).isZero();
    assertThat(listed.out()).contains(proposalId).contains("by lead");

    CliRun.Result withProjectToken =
        CliRun.run(operator(TestEnv.ALPHA), dir, "context", "promote", proposalId, "--as", "ops");
    assertThat(withProjectToken.exit()).isEqualTo(1);
    assertThat(withProjectToken.err()).contains("context_promotion_forbidden");

    CliRun.Result byAuthor = kxm("context", "promote", proposalId, "--as", "lead");
    assertThat(byAuthor.exit()).isEqualTo(1);
    assertThat(byAuthor.err()).contains("context_promotion_forbidden");
    assertThat(kxm("context", "state", "ci.timeout").out()).contains("no value");

    CliRun.Result promoted = kxm("context", "promote", proposalId, "--as", "ops");
    assertThat(promoted.exit()).as(promoted.err()).isZero();
    assertThat(promoted.out()).contains("promoted " + proposalId);

    JsonNode state = Json.read(kxm("context", "state", "ci.timeout", "--json").out());
    assertThat(state.path("state").path("summary").asString())
        .isEqualTo("raise the CI timeout to 40 minutes");
  }

  @Test
  void without_the_admin_token_the_commands_refuse_and_say_what_to_set() {
    CliRun.Result result = CliRun.run(operator(null), dir, "context", "recall");

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("admin_required").contains("KXM_AUTH_TOKEN");
  }
}
