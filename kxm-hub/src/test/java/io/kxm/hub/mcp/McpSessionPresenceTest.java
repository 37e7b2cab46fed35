package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Presence of agents that talk over /mcp, in the hub as the CLI assembles it with a one-second
 * presence lease: a session keeps its agent present by talking, and a silent one lets it go.
 */
class McpSessionPresenceTest {
  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    env.put("KXM_PRESENCE_LEASE_MS", "1000");
    hub = HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static Http.Response post(String body, String... headers) {
    String[] all = new String[headers.length + 6];
    System.arraycopy(headers, 0, all, 0, headers.length);
    System.arraycopy(
        new String[] {
          "Authorization",
          "Bearer " + TestHubs.ALPHA,
          "Content-Type",
          "application/json",
          "Accept",
          "application/json, text/event-stream"
        },
        0,
        all,
        headers.length,
        6);
    return http.send(http.request("/mcp", all).POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  /** Opens a session and says initialized; then the session is silent. */
  static String openSession(String agent) {
    Http.Response initialized = post(INITIALIZE, "X-KXM-Agent-Name", agent);
    assertThat(initialized.status()).as(initialized.body()).isEqualTo(200);
    String session = initialized.header("Mcp-Session-Id");
    Http.Response notified =
        post(
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "Mcp-Session-Id",
            session,
            "MCP-Protocol-Version",
            "2025-06-18");
    assertThat(notified.status()).as(notified.body()).isLessThan(300);
    return session;
  }

  /** The presence of {@code name} as an HTTP agent of alpha sees it. */
  static String presenceOf(String name) {
    Http.Response registered =
        http.postJson("/v1/projects/alpha/agents", TestHubs.ALPHA, "{\"name\":\"watcher\"}");
    JsonNode body = registered.json();
    Http.Response peers =
        http.send(
            http.request(
                    "/v1/agents/" + body.path("agentId").asString() + "/peers?includeOffline=true",
                    "Authorization",
                    "Bearer " + TestHubs.ALPHA,
                    "X-KXM-Agent-Key",
                    body.path("agentKey").asString())
                .GET());
    for (JsonNode agent : peers.json().path("agents")) {
      if (agent.path("name").asString().equals(name)) {
        return agent.path("presence").asString();
      }
    }
    return "absent";
  }

  @Test
  void a_session_that_stops_talking_goes_offline_after_the_lease_and_a_call_brings_it_back() {
    String session = openSession("quiet");
    assertThat(presenceOf("quiet")).isEqualTo("online");

    await().atMost(Duration.ofSeconds(15)).until(() -> presenceOf("quiet").equals("offline"));

    Http.Response listed =
        post(
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"kxm_list\",\"arguments\":{}}}",
            "Mcp-Session-Id",
            session,
            "MCP-Protocol-Version",
            "2025-06-18");
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    assertThat(presenceOf("quiet")).isEqualTo("online");
  }

  @Test
  void a_session_may_not_act_as_the_hub_s_own_agent() {
    Http.Response refused = post(INITIALIZE, "X-KXM-Agent-Name", "KXM-Workflows");

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.body()).contains("name_reserved");
    assertThat(refused.header("Mcp-Session-Id")).isNull();
  }
}
