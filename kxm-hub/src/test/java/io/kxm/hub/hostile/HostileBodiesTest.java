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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Thousands of generated bodies, cursors and headers against the hub as the CLI assembles it: never
 * a 5xx, never a stack trace in an answer, and a refused request changes nothing.
 */
class HostileBodiesTest {
  private static final int INPUTS = Integer.getInteger("kxm.hostile.inputs", 10_000);

  @TempDir static Path dir;
  static HubServer hub;
  static AgentKey alice;
  static AgentKey bob;
  static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    PlainHubClient http = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA);
    alice = http.register("alpha", "alice");
    bob = http.register("alpha", "bob");
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  /** JSON-shaped and not-quite-JSON bodies: objects with fields of the wrong types and sizes. */
  static Arbitrary<String> bodies() {
    Arbitrary<String> text = Arbitraries.strings().all().ofMaxLength(40).map(s -> Json.write(s));
    Arbitrary<String> value =
        Arbitraries.oneOf(
            text,
            Arbitraries.integers().map(String::valueOf),
            Arbitraries.longs().map(String::valueOf),
            Arbitraries.doubles().map(d -> Double.isFinite(d) ? String.valueOf(d) : "1e999"),
            Arbitraries.of("true", "false", "null", "[]", "{}", "[1,\"x\",{}]", "{\"runId\":7}"),
            Arbitraries.strings().withChars('x').ofLength(40_000).map(Json::write));
    Arbitrary<String> key =
        Arbitraries.of(
            "target",
            "content",
            "delivery",
            "ttlMs",
            "idempotencyKey",
            "correlationId",
            "allowOffline",
            "workflowContext",
            "targets",
            "timeoutMs",
            "name",
            "purpose",
            "model",
            "host",
            "fencingToken",
            "messageId",
            "offlineForMs",
            "project",
            "dryRun",
            "extra",
            "");
    Arbitrary<String> object = Arbitraries.maps(key, value).ofMaxSize(6).map(Hostile::object);
    Arbitrary<String> broken =
        Arbitraries.oneOf(
            Arbitraries.strings().all().ofMaxLength(60),
            object.map(o -> o.substring(0, Math.max(0, o.length() / 2))),
            Arbitraries.of("", "[", "{", "null", "[]", "\"x\"", "{\"target\":\"bob\"}{}"));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(6, object), net.jqwik.api.Tuple.of(2, broken));
  }

  @Test
  void generated_bodies_never_get_a_server_error_or_a_stack_trace() throws Exception {
    List<String> paths =
        List.of(
            "/v1/agents/" + alice.id() + "/messages",
            "/v1/agents/" + alice.id() + "/fanout",
            "/v1/agents/" + alice.id() + "/leases/some-resource",
            "/v1/agents/" + alice.id() + "/leases/some-resource/fence",
            "/v1/projects/alpha/agents",
            "/v1/agents/" + bob.id() + "/messages/msg_unknown/reply");
    long before = inboxSize(bob);
    int[] accepted = new int[1];
    List<String> samples = bodies().sampleStream().limit(INPUTS).toList();
    for (int i = 0; i < samples.size(); i++) {
      String path = paths.get(i % paths.size());
      HttpResponse<String> response = post(path, samples.get(i));
      assertThat(response.statusCode())
          .as("POST %s with %s", path, abbreviate(samples.get(i)))
          .isLessThan(500);
      assertThat(response.body()).doesNotContain("\tat ").doesNotContain("Exception");
      if (response.statusCode() >= 400) {
        Hostile.assertRefusal(response.body(), response.body());
      } else if (path.endsWith("/messages")) {
        accepted[0]++;
      }
    }
    // Only the sends that were accepted reached bob; every refusal changed nothing.
    assertThat(inboxSize(bob) - before).isLessThanOrEqualTo(accepted[0]);
    assertThat(get("/health").statusCode()).isEqualTo(200);
  }

  @Test
  void generated_prune_bodies_are_answered_or_refused_with_a_code_and_spare_online_agents()
      throws Exception {
    // Every body names a project other than alpha, so no sample can retire alice or bob once
    // they have been offline for a while; a body without a project is one prune of all projects.
    Arbitrary<String> values =
        Arbitraries.oneOf(
            Arbitraries.longs().map(String::valueOf),
            Arbitraries.integers().map(String::valueOf),
            Arbitraries.strings().all().ofMaxLength(20).map(Json::write),
            Arbitraries.of("true", "false", "null", "[]", "{}", "1e999", "-0", "\"7d\""));
    Arbitrary<String> projects =
        Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(70),
                Arbitraries.strings().alpha().numeric().withChars("._-").ofMaxLength(70))
            .filter(p -> !p.strip().equalsIgnoreCase("alpha"))
            .map(Json::write);
    List<String> samples = new java.util.ArrayList<>();
    samples.add("{\"offlineForMs\":604800000,\"project\":\"beta\",\"dryRun\":true}");
    samples.add("{\"offlineForMs\":1000,\"project\":\"beta\"}");
    net.jqwik.api.Combinators.combine(
            values, projects, values, Arbitraries.integers().between(0, 2))
        .as((ms, project, dry, shape) ->
            switch (shape) {
              case 0 -> "{\"offlineForMs\":" + ms + ",\"project\":" + project + "}";
              case 1 ->
                  "{\"offlineForMs\":"
                      + ms
                      + ",\"project\":"
                      + project
                      + ",\"dryRun\":"
                      + dry
                      + "}";
              default -> "{\"project\":" + project + ",\"dryRun\":" + dry + "}";
            })
        .sampleStream()
        .limit(Math.max(200, INPUTS / 10))
        .forEach(samples::add);
    int answered = 0;
    for (String body : samples) {
      HttpResponse<String> response =
          CLIENT.send(
              HttpRequest.newBuilder(URI.create(hub.baseUrl() + "/v1/agents/prune"))
                  .timeout(Duration.ofSeconds(30))
                  .header("Authorization", "Bearer " + TestHubs.ADMIN)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as("prune with %s", abbreviate(body)).isLessThan(500);
      assertThat(response.body()).doesNotContain("\tat ").doesNotContain("Exception");
      if (response.statusCode() >= 400) {
        JsonNode error = Json.read(response.body()).path("error");
        assertThat(error.path("code").asString()).as(response.body()).isNotBlank();
      } else {
        answered++;
      }
    }
    assertThat(answered).isPositive();
    assertThat(inboxSize(alice)).isNotNegative();
    assertThat(inboxSize(bob)).isNotNegative();
  }

  @Test
  void generated_stream_cursors_are_accepted_or_refused_with_a_code() throws Exception {
    List<String> cursors =
        Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(30),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.of("-1", "0", "1e3", "9223372036854775808", " 5", "0x10"))
            .sampleStream()
            .limit(Math.max(200, INPUTS / 20))
            .toList();
    for (String cursor : cursors) {
      String encoded = java.net.URLEncoder.encode(cursor, java.nio.charset.StandardCharsets.UTF_8);
      HttpRequest request =
          base("/v1/agents/" + alice.id() + "/events?after=" + encoded)
              .timeout(Duration.ofSeconds(10))
              .header("Accept", "text/event-stream")
              .GET()
              .build();
      HttpResponse<java.io.InputStream> response =
          CLIENT.send(request, HttpResponse.BodyHandlers.ofInputStream());
      try (var body = response.body()) {
        assertThat(response.statusCode()).as("after=%s", cursor).isIn(200, 400);
        if (response.statusCode() == 400) {
          assertThat(new String(body.readAllBytes())).contains("\"code\"");
        }
      }
    }
  }

  private static long inboxSize(AgentKey agent) throws Exception {
    HttpResponse<String> inbox = get("/v1/agents/" + agent.id() + "/inbox", agent);
    assertThat(inbox.statusCode()).as(inbox.body()).isEqualTo(200);
    return Json.read(inbox.body()).path("messages").size();
  }

  private static HttpResponse<String> post(String path, String body) throws Exception {
    HttpRequest request =
        base(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return CLIENT.send(base(path).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> get(String path, AgentKey agent) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(hub.baseUrl() + path))
            .header("Authorization", "Bearer " + TestHubs.ALPHA)
            .header("X-KXM-Agent-Key", agent.key())
            .GET()
            .build();
    return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder base(String path) {
    return HttpRequest.newBuilder(URI.create(hub.baseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + TestHubs.ALPHA)
        .header("X-KXM-Agent-Key", alice.key());
  }

  private static String abbreviate(String body) {
    return body.length() > 200 ? body.substring(0, 200) + "…" : body;
  }
}
