package io.kxm.hub.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncLimits;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The sync ingest and run list of the assembled hub, over real HTTP. */
class SyncRoutesTest {
  @TempDir Path dir;
  private HubServer hub;
  private Http http;

  @BeforeEach
  void start() {
    HubConfig config = TestHubs.withTokens(dir);
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(config, env);
    http = new Http(hub.baseUrl());
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private static ObjectNode event(String project, String runId, long sequence, String status) {
    ObjectNode event = Json.object();
    event.put("project", project);
    event.put("runId", runId);
    event.put("sequence", sequence);
    event.put("type", sequence == 1 ? "run.created" : "run.status_changed");
    event.put("at", "2030-01-01T00:00:0" + sequence + "Z");
    ObjectNode data = event.putObject("data");
    data.put("status", status);
    if (sequence == 1) {
      data.put("workflowId", "ship");
    }
    return event;
  }

  private static String batch(ObjectNode... events) {
    ObjectNode body = Json.object();
    body.put("runtimeId", "rt-test");
    ArrayNode array = body.putArray("events");
    for (ObjectNode event : events) {
      array.add(event);
    }
    return Json.write(body);
  }

  private Http.Response push(String token, String body) {
    return http.postJson("/v1/runtime/sync", token, body);
  }

  private static String outcomes(Http.Response response) {
    StringBuilder out = new StringBuilder();
    for (JsonNode result : response.json().path("results")) {
      out.append(result.path("outcome").asString())
          .append(result.has("code") ? ":" + result.path("code").asString() : "")
          .append(' ');
    }
    return out.toString().trim();
  }

  @Test
  void each_event_is_accepted_once_and_a_resend_is_a_duplicate() {
    String body = batch(event("alpha", "r1", 1, "created"), event("alpha", "r1", 2, "running"));

    Http.Response first = push(TestHubs.ALPHA, body);
    Http.Response second = push(TestHubs.ALPHA, body);

    assertThat(first.status()).isEqualTo(200);
    assertThat(outcomes(first)).isEqualTo("accepted accepted");
    assertThat(outcomes(second)).isEqualTo("duplicate duplicate");
    assertThat(second.json().path("duplicates").asLong()).isEqualTo(2);
  }

  @Test
  void other_content_under_a_held_key_is_refused_as_a_conflict_beside_accepted_neighbours() {
    push(TestHubs.ALPHA, batch(event("alpha", "r1", 1, "created")));

    Http.Response mixed =
        push(
            TestHubs.ALPHA,
            batch(event("alpha", "r1", 1, "failed"), event("alpha", "r1", 2, "running")));

    assertThat(outcomes(mixed)).isEqualTo("refused:sync_event_conflict accepted");
    assertThat(mixed.json().path("results").get(0).path("sequence").asLong()).isEqualTo(1);
  }

  @Test
  void an_event_for_another_project_or_of_a_bad_shape_is_refused_alone() {
    ObjectNode badType = event("alpha", "r1", 2, "running");
    badType.put("type", "Run Created!");
    ObjectNode noAt = event("alpha", "r1", 3, "running");
    noAt.remove("at");
    ObjectNode pathRun = event("alpha", "/home/me/run", 1, "running");
    ObjectNode farAt = event("alpha", "r1", 4, "running");
    farAt.put("at", "+1000000000-01-01T00:00:00Z");

    Http.Response response =
        push(
            TestHubs.ALPHA,
            batch(
                event("beta", "r1", 1, "created"),
                badType,
                noAt,
                pathRun,
                farAt,
                event("alpha", "r1", 1, "created")));

    assertThat(outcomes(response))
        .isEqualTo(
            "refused:project_forbidden refused:sync_event_invalid refused:sync_event_invalid"
                + " refused:sync_event_invalid refused:sync_event_invalid accepted");
  }

  @Test
  void the_admin_token_may_not_write_a_project_that_has_its_own_token() {
    Http.Response response = push(TestHubs.ADMIN, batch(event("alpha", "r1", 1, "created")));

    assertThat(outcomes(response)).isEqualTo("refused:project_forbidden");
  }

  @Test
  void a_batch_over_the_limit_or_without_runtime_is_refused_whole() {
    ObjectNode[] many = new ObjectNode[SyncLimits.MAX_BATCH + 1];
    for (int i = 0; i < many.length; i++) {
      many[i] = event("alpha", "r1", i + 1, "running");
    }

    assertThat(push(TestHubs.ALPHA, batch(many)).errorCode()).isEqualTo("sync_batch_too_large");
    assertThat(push(TestHubs.ALPHA, "{\"events\":[]}").errorCode()).isEqualTo("invalid_request");
    assertThat(push(TestHubs.ALPHA, "{\"runtimeId\":\"rt\",\"events\":[]}").errorCode())
        .isEqualTo("invalid_request");
    assertThat(
            http.getWithToken("/v1/runtime/runs?project=alpha", TestHubs.ALPHA).json().path("runs"))
        .isEmpty();
  }

  @Test
  void runs_list_the_synced_runs_of_the_token_s_project_only() {
    push(
        TestHubs.ALPHA,
        batch(event("alpha", "r1", 1, "created"), event("alpha", "r1", 2, "waiting")));
    push(TestHubs.BETA, batch(event("beta", "r9", 1, "created")));

    JsonNode alpha = http.getWithToken("/v1/runtime/runs", TestHubs.ALPHA).json();
    JsonNode asAdmin = http.getWithToken("/v1/runtime/runs?project=beta", TestHubs.ADMIN).json();

    assertThat(alpha.path("runs")).hasSize(1);
    JsonNode run = alpha.path("runs").get(0);
    assertThat(run.path("runId").asString()).isEqualTo("r1");
    assertThat(run.path("workflowId").asString()).isEqualTo("ship");
    assertThat(run.path("status").asString()).isEqualTo("waiting");
    assertThat(run.path("lastSequence").asLong()).isEqualTo(2);
    assertThat(run.path("updatedAt").asString()).isEqualTo("2030-01-01T00:00:02Z");
    assertThat(asAdmin.path("runs").get(0).path("runId").asString()).isEqualTo("r9");
    assertThat(http.getWithToken("/v1/runtime/runs?project=beta", TestHubs.ALPHA).errorCode())
        .isEqualTo("project_forbidden");
    assertThat(http.getWithToken("/v1/runtime/runs", TestHubs.ADMIN).errorCode())
        .isEqualTo("invalid_request");
  }

  @Test
  void generated_events_never_get_a_server_error_and_each_gets_one_answer() {
    Arbitrary<String> text = Arbitraries.strings().all().ofMaxLength(30).map(Json::write);
    Arbitrary<String> value =
        Arbitraries.oneOf(
            text,
            Arbitraries.longs().map(String::valueOf),
            Arbitraries.of(
                "null",
                "true",
                "[]",
                "{}",
                "1e999",
                "-1",
                "0",
                "18446744073709551617",
                "\"+1000000000-01-01T00:00:00Z\"",
                "\"-999999999-01-01T00:00:00Z\"",
                "\"2030-01-01T00:00:00Z\"",
                "\"alpha\"",
                "\"run.created\"",
                "{\"status\":{\"a\":[1,2]}}"));
    Arbitrary<String> key =
        Arbitraries.of("project", "runId", "sequence", "type", "at", "data", "extra");
    Arbitrary<String> event =
        Arbitraries.maps(key, value)
            .ofMaxSize(7)
            .map(fields -> {
              StringBuilder out = new StringBuilder("{");
              fields.forEach((k, v) ->
                  out.append(out.length() > 1 ? "," : "")
                      .append(Json.write(k))
                      .append(':')
                      .append(v));
              return out.append('}').toString();
            });
    List<List<String>> batches =
        event.list().ofMinSize(1).ofMaxSize(5).sampleStream().limit(150).toList();

    for (List<String> events : batches) {
      String body = "{\"runtimeId\":\"rt-fuzz\",\"events\":[" + String.join(",", events) + "]}";
      Http.Response response = push(TestHubs.ALPHA, body);

      assertThat(response.status()).as(body).isEqualTo(200);
      assertThat(response.json().path("results")).as(body).hasSize(events.size());
      assertThat(response.body()).doesNotContain("Exception");
    }
  }

  @Test
  void a_push_without_a_token_is_refused() {
    Http.Response response =
        http.send(
            http.request("/v1/runtime/sync", "Content-Type", "application/json")
                .POST(
                    java.net.http.HttpRequest.BodyPublishers.ofString(
                        batch(event("alpha", "r1", 1, "x")))));

    assertThat(response.status()).isEqualTo(401);
  }
}
