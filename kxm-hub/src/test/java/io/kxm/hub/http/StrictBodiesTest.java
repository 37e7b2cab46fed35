package io.kxm.hub.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import io.kxm.testkit.http.PlainHubClient.Reply;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Request bodies are read as strictly as the tool schemas, over real HTTP against the hub as {@code
 * kxm hub start} assembles it: each refusal has its code, names the field, and changes nothing.
 */
class StrictBodiesTest {
  @TempDir static Path dir;
  static HubServer hub;
  static PlainHubClient http;
  static AgentKey alice;
  static AgentKey bob;

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    http = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA);
    alice = http.register("alpha", "alice");
    bob = http.register("alpha", "bob");
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void an_unknown_field_is_refused_naming_it_and_sends_nothing() throws Exception {
    int before = inbox(bob);

    Reply reply = send("{\"target\":\"bob\",\"content\":\"hi\",\"priority\":\"high\"}");

    assertRefused(reply, "unknown_field", "priority is not a field of this body");
    assertThat(reply.body().path("error").path("message").asString()).contains("content");
    assertThat(inbox(bob)).isEqualTo(before);
  }

  @Test
  void an_unknown_field_in_a_nested_object_is_refused_with_its_path() throws Exception {
    Reply reply =
        send(
            "{\"target\":\"bob\",\"content\":\"hi\","
                + "\"workflowContext\":{\"runId\":\"r\",\"stageId\":\"s\","
                + "\"requirementKey\":\"review\",\"attempt\":1,\"colour\":1}}");

    assertRefused(reply, "unknown_field", "workflowContext.colour is not a field");
  }

  @Test
  void a_number_for_a_string_is_refused_not_coerced() throws Exception {
    int before = inbox(bob);

    Reply reply = send("{\"target\":\"bob\",\"content\":123}");

    assertRefused(reply, "invalid_type", "content must be a string, got a whole number");
    assertThat(inbox(bob)).isEqualTo(before);
  }

  @Test
  void a_string_or_a_fraction_for_a_whole_number_is_refused_not_coerced() throws Exception {
    int before = inbox(bob);

    assertRefused(
        send("{\"target\":\"bob\",\"content\":\"hi\",\"ttlMs\":\"5000\"}"),
        "invalid_type",
        "ttlMs must be a whole number, got a string");
    assertRefused(
        send("{\"target\":\"bob\",\"content\":\"hi\",\"ttlMs\":5000.7}"),
        "invalid_type",
        "ttlMs must be a whole number, got a number with a fraction");
    assertRefused(
        send("{\"target\":\"bob\",\"content\":\"hi\",\"allowOffline\":\"true\"}"),
        "invalid_type",
        "allowOffline must be true or false, got a string");
    assertThat(inbox(bob)).isEqualTo(before);
  }

  @Test
  void a_repeated_key_is_refused_instead_of_the_last_one_winning() throws Exception {
    int before = inbox(bob);

    Reply reply = send("{\"target\":\"bob\",\"content\":\"first\",\"content\":\"second\"}");

    assertRefused(reply, "duplicate_key", "content appears more than once");
    assertThat(inbox(bob)).isEqualTo(before);
    assertRefused(
        send(
            "{\"target\":\"bob\",\"content\":\"hi\","
                + "\"workflowContext\":{\"runId\":\"r\",\"runId\":\"q\"}}"),
        "duplicate_key",
        "workflowContext.runId appears more than once");
  }

  @Test
  void a_registration_with_an_unknown_field_creates_no_agent() throws Exception {
    Reply reply =
        http.post("/v1/projects/alpha/agents", null, "{\"name\":\"mallory\",\"admin\":true}");

    assertRefused(reply, "unknown_field", "admin is not a field of this body");
    JsonNode peers =
        http.get("/v1/agents/" + alice.id() + "/peers?includeOffline=true", alice).body();
    assertThat(peers.path("agents").findValuesAsString("name")).doesNotContain("mallory");
  }

  @Test
  void a_lease_body_of_the_wrong_type_takes_no_lease() throws Exception {
    assertRefused(
        http.post(
            "/v1/agents/" + alice.id() + "/leases/strict-types", alice, "{\"ttlMs\":\"30000\"}"),
        "invalid_type",
        "ttlMs must be a whole number, got a string");
    Reply taken = http.post("/v1/agents/" + bob.id() + "/leases/strict-types", bob, "{}");
    assertThat(taken.status()).as("the lease is still free: %s", taken.body()).isLessThan(300);
  }

  @Test
  void a_text_past_its_limit_is_refused_with_its_length_in_characters() throws Exception {
    Reply reply = send(Json.write(Map.of("target", "bob", "content", "x".repeat(32_001))));

    assertRefused(
        reply,
        "value_too_long",
        "content is 32,001 characters, limit 32,000; shorten it or send a reference");
  }

  @Test
  void lengths_are_counted_in_characters_not_utf16_units() throws Exception {
    // 1,001 emoji are 2,002 UTF-16 units but 1,001 characters, under the task limit of 2,000.
    String task = "\uD83D\uDE80".repeat(1_001);

    Reply fits =
        http.post(
            "/v1/agents/" + alice.id() + "/context/packet",
            alice,
            Json.write(Map.of("role", "critic", "task", task)));
    Reply over =
        http.post(
            "/v1/agents/" + alice.id() + "/context/packet",
            alice,
            Json.write(Map.of("role", "critic", "task", task + task)));

    assertThat(fits.status()).as(fits.body().toString()).isEqualTo(200);
    assertRefused(over, "value_too_long", "task is 2,002 characters, limit 2,000; shorten it");
  }

  private static Reply send(String body) throws Exception {
    return http.post("/v1/agents/" + alice.id() + "/messages", alice, body);
  }

  private static int inbox(AgentKey agent) throws Exception {
    Reply inbox = http.get("/v1/agents/" + agent.id() + "/inbox", agent);
    assertThat(inbox.status()).isEqualTo(200);
    return inbox.body().path("messages").size();
  }

  private static void assertRefused(Reply reply, String code, String message) {
    JsonNode error = reply.body().path("error");
    assertThat(reply.status()).as(reply.body().toString()).isEqualTo(400);
    assertThat(error.path("code").asString()).as(reply.body().toString()).isEqualTo(code);
    assertThat(error.path("message").asString()).contains(message);
    assertThat(error.path("hint").asString()).isNotBlank();
  }
}
