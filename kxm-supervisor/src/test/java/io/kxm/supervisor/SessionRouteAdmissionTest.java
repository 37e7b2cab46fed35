package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.SessionSettings;
import io.kxm.supervisor.SupervisorHttp.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions on an agent harness run a route, which the workspace's {@code .kxm/routes.yaml} must
 * admit when the session is created and again when a turn is queued; over HTTP, against a real
 * supervisor.
 */
class SessionRouteAdmissionTest {
  private static final String ROUTES =
      """
      routes:
        - harness: claude-code
          model: anthropic/claude-sonnet-4-5
        - harness: pi
          model: ollama/qwen3
      default:
        harness: pi
        model: ollama/qwen3
      """;

  @TempDir Path dir;
  Supervisor supervisor;
  SessionCalls calls;
  String url;
  String token;
  Path workspace;

  @BeforeEach
  void start() throws Exception {
    supervisor =
        Supervisor.start(StreamResumeTest.config(dir.resolve("state"), SessionSettings.DEFAULTS));
    token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    url = supervisor.url();
    calls = new SessionCalls(url, token);
    workspace = Files.createDirectories(dir.resolve("workspace")).toRealPath();
    Files.createDirectories(workspace.resolve(".kxm"));
    Files.writeString(workspace.resolve(".kxm/routes.yaml"), ROUTES);
  }

  @AfterEach
  void stop() {
    supervisor.stop();
  }

  @Test
  void a_listed_route_is_admitted_and_the_session_keeps_its_model() throws Exception {
    Reply created = create("claude-code", "anthropic/claude-sonnet-4-5");

    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    assertThat(created.body().path("harness").path("type").asString()).isEqualTo("claude-code");
    assertThat(created.body().path("model").asString()).isEqualTo("anthropic/claude-sonnet-4-5");
  }

  @Test
  void a_route_routes_yaml_does_not_list_is_refused_and_nothing_is_stored() throws Exception {
    Reply refused = create("pi", "ollama/llama4");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.code()).isEqualTo("route_not_admitted");
    assertThat(refused.body().path("error").path("message").asString())
        .contains("pi + ollama/llama4");
    assertThat(sessionIds()).isEmpty();
  }

  @Test
  void a_model_outside_its_vendors_harness_is_refused_even_without_routes_yaml() throws Exception {
    Files.delete(workspace.resolve(".kxm/routes.yaml"));

    Reply refused = create("claude-code", "openai/gpt-5");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.code()).isEqualTo("route_vendor_mismatch");
    assertThat(sessionIds()).isEmpty();
  }

  @Test
  void a_harness_without_a_model_is_refused_instead_of_taking_the_default_route() throws Exception {
    Reply refused = create("pi", null);

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.code()).isEqualTo("route_not_admitted");
    assertThat(sessionIds()).isEmpty();
  }

  @Test
  void a_route_removed_from_routes_yaml_refuses_the_next_turn_and_stores_no_run() throws Exception {
    Reply created = create("claude-code", "anthropic/claude-sonnet-4-5");
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    String sessionId = created.body().path("id").asString();
    Files.writeString(
        workspace.resolve(".kxm/routes.yaml"),
        "routes:\n  - harness: pi\n    model: ollama/qwen3\n");

    Reply refused = calls.submit(sessionId, "hello");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.code()).isEqualTo("route_not_admitted");
    assertThat(calls.runs(sessionId)).isEmpty();
  }

  @Test
  void a_routes_yaml_that_breaks_the_schema_refuses_the_session_with_its_line() throws Exception {
    Files.writeString(workspace.resolve(".kxm/routes.yaml"), "routes:\n  - harness: nope\n");

    Reply refused = create("pi", "ollama/qwen3");

    assertThat(refused.code()).isEqualTo("config_tree_invalid");
    assertThat(refused.body().path("error").path("message").asString()).contains("routes.yaml:2");
    assertThat(sessionIds()).isEmpty();
  }

  @Test
  void a_command_harness_runs_no_route_and_is_not_checked_against_routes_yaml() throws Exception {
    String sessionId = calls.createSession(workspace, SessionCalls.echoAgent());

    assertThat(calls.submit(sessionId, "hello").status()).isEqualTo(201);
  }

  private Reply create(String harness, String model) throws Exception {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("workspaceRoot", workspace.toString());
    body.put("harness", Map.of("type", harness, "argv", List.of()));
    if (model != null) {
      body.put("model", model);
    }
    return SupervisorHttp.post(url + "/v1/sessions", token, Json.write(body));
  }

  private List<String> sessionIds() throws Exception {
    return SupervisorHttp.get(url + "/v1/sessions?limit=10", token)
        .body()
        .path("sessions")
        .findValuesAsString("id");
  }
}
