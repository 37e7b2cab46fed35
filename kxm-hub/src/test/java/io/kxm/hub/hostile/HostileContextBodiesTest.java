package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.hostile.Hostile;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Generated bodies against the context routes, agent and operator: never a 5xx or a stack trace,
 * every refusal carries a code and a hint, and a refused item or proposal stores nothing.
 */
class HostileContextBodiesTest {
  @TempDir static Path dir;
  static HubServer hub;
  static AgentKey alice;
  static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    alice = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA).register("alpha", "alice");
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static Arbitrary<String> bodies() {
    Arbitrary<String> value =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(40).map(Json::write),
            Arbitraries.of(
                "\"alpha\"",
                "\"beta\"",
                "\"state\"",
                "\"evidence\"",
                "\"policy\"",
                "\"human\"",
                "\"peer\"",
                "\"derived\"",
                "\"verified\"",
                "\"planner\"",
                "\"2030-01-01T00:00:00Z\"",
                "\"ctx_unknown\""),
            Arbitraries.longs().map(String::valueOf),
            Arbitraries.of(
                "true", "null", "[]", "{}", "[\"evidence\"]", "[1,{}]", "[\"r\"]", "1e999"),
            Arbitraries.strings().withChars('x').ofLength(5_000).map(Json::write));
    Arbitrary<String> key =
        Arbitraries.of(
            "project",
            "kind",
            "key",
            "summary",
            "origin",
            "authority",
            "confidence",
            "sourceRefs",
            "derivedFrom",
            "expiresAt",
            "createdBy",
            "role",
            "task",
            "budgetTokens",
            "includeKinds",
            "query",
            "kinds",
            "limit",
            "asOf",
            "workflowRunId",
            "evidenceRefs",
            "proposedBy",
            "permissions",
            "tools",
            "token",
            "");
    Arbitrary<String> object = Arbitraries.maps(key, value).ofMaxSize(9).map(Hostile::object);
    Arbitrary<String> broken =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(60),
            object.map(o -> o.substring(0, Math.max(0, o.length() / 2))),
            Arbitraries.of("", "[", "{", "null", "[]", "\"x\""));
    return Arbitraries.frequencyOf(Tuple.of(6, object), Tuple.of(2, broken));
  }

  @Test
  void generated_context_bodies_never_get_a_server_error_and_refusals_store_nothing()
      throws Exception {
    String agent = "/v1/agents/" + alice.id() + "/context/";
    List<String> paths =
        List.of(
            agent + "packet",
            agent + "recall",
            agent + "state",
            agent + "episodes",
            agent + "proposals",
            "/v1/context/items",
            "/v1/context/proposals",
            "/v1/context/recall");
    long before = stored();
    int accepted = 0;
    List<String> samples = bodies().sampleStream().limit(Hostile.TRIES).toList();
    for (int i = 0; i < samples.size(); i++) {
      String path = paths.get(i % paths.size());
      HttpResponse<String> response = post(path, samples.get(i));
      assertThat(response.statusCode())
          .as("POST %s with %s", path, abbreviate(samples.get(i)))
          .isLessThan(500);
      assertThat(response.body()).doesNotContain("\tat ").doesNotContain("Exception");
      if (response.statusCode() >= 400) {
        Hostile.assertRefusal(response.body(), response.body());
      } else if (path.endsWith("/items") || path.endsWith("/proposals")) {
        accepted++;
      }
    }
    assertThat(stored() - before).isLessThanOrEqualTo(accepted);
  }

  /** Current items plus proposals of project alpha, as an operator sees them. */
  private static long stored() throws Exception {
    JsonNode items =
        Json.read(post("/v1/context/recall", "{\"project\":\"alpha\",\"limit\":100}").body());
    HttpResponse<String> proposals =
        CLIENT.send(
            base("/v1/context/proposals?project=alpha&status=pending", TestHubs.ADMIN)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return items.path("items").size() + Json.read(proposals.body()).path("proposals").size();
  }

  private static HttpResponse<String> post(String path, String body) throws Exception {
    String token = path.startsWith("/v1/context/") ? TestHubs.ADMIN : TestHubs.ALPHA;
    HttpRequest request =
        base(path, token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder base(String path, String token) {
    return HttpRequest.newBuilder(URI.create(hub.baseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + token)
        .header("X-KXM-Agent-Key", alice.key());
  }

  private static String abbreviate(String body) {
    return body.length() > 200 ? body.substring(0, 200) + "…" : body;
  }
}
