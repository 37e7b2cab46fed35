package io.kxm.hub.a2a;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The A2A endpoint over plain HTTP: cards per version, who may reach it, and refusals that carry
 * A2A's error codes and change nothing.
 */
class A2aEndpointTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static HubServer hub;
  private static PlainHubClient alpha;
  private static AgentKey bob;
  private static AgentKey dave;

  @BeforeAll
  static void start() throws Exception {
    Path dir = Files.createTempDirectory("kxm-a2a-endpoint");
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    env.put(A2aSettings.VARIABLE, "alpha/bob, alpha/dave");
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    alpha = new PlainHubClient(hub.baseUrl(), TestHubs.ALPHA);
    bob = A2aHubs.registerBob(alpha);
    dave = alpha.register("alpha", "dave");
    alpha.register("alpha", "carol");
  }

  @AfterAll
  static void stop() {
    hub.close();
  }

  @Test
  void a_card_asked_for_with_version_one_is_written_for_one_and_names_both_interfaces()
      throws Exception {
    HttpResponse<String> card = card("bob", TestHubs.ALPHA, "1.0");

    assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
    JsonNode json = Json.read(card.body());
    assertThat(json.path("name").asString()).isEqualTo("bob");
    assertThat(json.path("description").asString()).isEqualTo(A2aHubs.BOB_PURPOSE);
    assertThat(json.has("protocolVersion")).isFalse();
    List<String> interfaces = new ArrayList<>();
    for (JsonNode one : json.path("supportedInterfaces")) {
      assertThat(one.path("url").asString()).isEqualTo(hub.baseUrl() + "/a2a/alpha/bob");
      interfaces.add(one.path("protocolBinding").asString() + " " + one.path("protocolVersion"));
    }
    assertThat(interfaces).containsExactly("JSONRPC \"1.0\"", "JSONRPC \"0.3\"");
    assertThat(json.path("capabilities").path("streaming").asBoolean()).isTrue();
    assertThat(json.path("securitySchemes").path("projectToken").has("httpAuthSecurityScheme"))
        .isTrue();
    assertThat(json.path("skills")).hasSize(2);
  }

  @Test
  void a_card_asked_for_without_a_version_is_written_for_zero_three() throws Exception {
    HttpResponse<String> card = card("bob", TestHubs.ALPHA, null);

    assertThat(card.statusCode()).as(card.body()).isEqualTo(200);
    JsonNode json = Json.read(card.body());
    assertThat(json.path("protocolVersion").asString()).isEqualTo("0.3.0");
    assertThat(json.path("url").asString()).isEqualTo(hub.baseUrl() + "/a2a/alpha/bob");
    assertThat(json.path("preferredTransport").asString()).isEqualTo("JSONRPC");
    assertThat(json.path("securitySchemes").path("projectToken").path("type").asString())
        .isEqualTo("http");
    assertThat(json.path("skills").path(1).path("description").asString())
        .isEqualTo("explains failing tests");
  }

  @Test
  void cards_and_calls_need_the_projects_token_and_an_exposed_agent() throws Exception {
    assertRefused(card("bob", null, "1.0"), 401, "auth_required");
    assertRefused(card("bob", "not-a-token-of-this-hub-000", "1.0"), 401, "auth_invalid");
    assertRefused(card("bob", TestHubs.BETA, "1.0"), 403, "project_forbidden");
    assertRefused(card("carol", TestHubs.ALPHA, "1.0"), 404, "a2a_not_exposed");
    assertRefused(card("erin", TestHubs.ALPHA, null), 404, "a2a_not_exposed");
    assertRefused(card("bob", TestHubs.ALPHA, "2.0"), 400, "a2a_version_unsupported");
    assertRefused(call("carol", TestHubs.ALPHA, send("m-carol", "hi")), 404, "a2a_not_exposed");
    assertRefused(call("bob", null, send("m-anon", "hi")), 401, "auth_required");
    assertThat(inboxOf(bob)).isEmpty();
  }

  @Test
  void malformed_calls_get_a2a_error_codes_and_send_nothing() throws Exception {
    List<String> before = inboxOf(bob);

    assertError(
        call("bob", TestHubs.ALPHA, "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"GetTask\"}"),
        -32600);
    assertError(call("bob", TestHubs.ALPHA, rpc("Dance", "{}")), -32601);
    assertError(call("bob", TestHubs.ALPHA, rpc("CreateTaskPushNotificationConfig", "{}")), -32003);
    assertError(call("bob", TestHubs.ALPHA, rpc("SendMessage", "[]")), -32602);
    assertError(
        call(
            "bob",
            TestHubs.ALPHA,
            rpc("SendMessage", "{\"message\":{\"parts\":[{\"text\":\"x\"}]}}")),
        -32602);
    assertError(
        call(
            "bob",
            TestHubs.ALPHA,
            rpc(
                "SendMessage",
                "{\"message\":{\"messageId\":\"m1\",\"parts\":[{\"url\":\"file:///x\"}]}}")),
        -32005);
    assertError(
        call(
            "bob",
            TestHubs.ALPHA,
            rpc(
                "message/send",
                "{\"message\":{\"kind\":\"message\",\"messageId\":\"m2\",\"role\":\"agent\","
                    + "\"parts\":[{\"kind\":\"text\",\"text\":\"x\"}]}}")),
        -32602);
    assertError(
        call(
            "bob",
            TestHubs.ALPHA,
            rpc(
                "SendMessage",
                "{\"message\":{\"messageId\":\"m3\",\"taskId\":\"msg_1\",\"parts\":[{\"text\":\"x\"}]}}")),
        -32004);
    HttpRequest versioned =
        request("bob", TestHubs.ALPHA)
            .header("A2A-Version", "9.1")
            .POST(body(send("m4", "x")))
            .build();
    assertError(CLIENT.send(versioned, HttpResponse.BodyHandlers.ofString()), -32009);

    assertThat(inboxOf(bob)).isEqualTo(before);
  }

  @Test
  void a_message_id_is_the_idempotency_key_and_a_different_text_under_it_is_refused()
      throws Exception {
    JsonNode first = Json.read(call("bob", TestHubs.ALPHA, send("same-id", "first text")).body());
    String taskId = first.path("result").path("task").path("id").asString();
    JsonNode again = Json.read(call("bob", TestHubs.ALPHA, send("same-id", "first text")).body());
    List<String> inbox = inboxOf(bob);

    assertThat(again.path("result").path("task").path("id").asString()).isEqualTo(taskId);
    assertError(call("bob", TestHubs.ALPHA, send("same-id", "another text")), -32602);
    assertThat(inboxOf(bob)).isEqualTo(inbox).contains(taskId);
  }

  @Test
  void one_agents_endpoint_never_shows_a_task_of_another() throws Exception {
    JsonNode sent = Json.read(call("dave", TestHubs.ALPHA, send("for-dave", "for dave")).body());
    String taskId = sent.path("result").path("task").path("id").asString();
    assertThat(inboxOf(dave)).contains(taskId);

    String get = rpc("GetTask", "{\"id\":\"" + taskId + "\"}");
    assertError(call("bob", TestHubs.ALPHA, get), -32001);
    assertError(
        call("bob", TestHubs.ALPHA, rpc("CancelTask", "{\"id\":\"" + taskId + "\"}")), -32001);
    JsonNode viaDave = Json.read(call("dave", TestHubs.ALPHA, get).body());
    assertThat(viaDave.path("result").path("status").path("state").asString())
        .isEqualTo("TASK_STATE_SUBMITTED");
  }

  private static String send(String messageId, String text) {
    return rpc(
        "SendMessage",
        "{\"message\":{\"messageId\":\""
            + messageId
            + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\""
            + text
            + "\"}]},\"configuration\":{\"returnImmediately\":true}}");
  }

  private static String rpc(String method, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + method + "\",\"params\":" + params + "}";
  }

  private static HttpResponse<String> card(String agent, String token, String version)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
                URI.create(hub.baseUrl() + "/a2a/alpha/" + agent + "/.well-known/agent-card.json"))
            .timeout(Duration.ofSeconds(30));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (version != null) {
      request.header("A2A-Version", version);
    }
    return CLIENT.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> call(String agent, String token, String json)
      throws Exception {
    return CLIENT.send(
        request(agent, token).POST(body(json)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpRequest.Builder request(String agent, String token) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(hub.baseUrl() + "/a2a/alpha/" + agent))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json");
    return token == null ? request : request.header("Authorization", "Bearer " + token);
  }

  private static HttpRequest.BodyPublisher body(String json) {
    return HttpRequest.BodyPublishers.ofString(json);
  }

  private static void assertRefused(HttpResponse<String> response, int status, String code) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    JsonNode error = Json.read(response.body()).path("error");
    assertThat(error.path("code").asString()).isEqualTo(code);
    assertThat(error.path("hint").asString()).isNotBlank();
  }

  private static void assertError(HttpResponse<String> response, int code) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode error = Json.read(response.body()).path("error");
    assertThat(error.path("code").asInt()).as(response.body()).isEqualTo(code);
    assertThat(error.path("message").asString()).isNotBlank();
  }

  private static List<String> inboxOf(AgentKey agent) throws Exception {
    List<String> ids = new ArrayList<>();
    JsonNode inbox = alpha.get("/v1/agents/" + agent.id() + "/inbox", agent).body();
    inbox.path("messages").forEach(m -> ids.add(m.path("id").asString()));
    return ids;
  }
}
