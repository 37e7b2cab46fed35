package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.McpServerOptions;
import io.kxm.mcp.ToolSpecifications;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /mcp mount in a real hub on port 0, driven by the SDK's own HTTP client. */
class McpMountTest {
  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  @TempDir static Path dir;
  static final List<String> bound = new CopyOnWriteArrayList<>();
  static McpFeature mcp;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    mcp =
        new McpFeature(
            (project, agent, purpose) -> {
              bound.add(project + "/" + agent + "/" + purpose);
              return new SelfOnlyPeers(project, agent);
            },
            McpServerOptions.defaults("test"));
    hub = HubServer.builder(TestHubs.withTokens(dir)).feature(mcp).closeAfterStop(mcp).start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static McpSyncClient client(String endpoint, String... headers) {
    return client(endpoint, notice -> {}, headers);
  }

  static McpSyncClient client(
      String endpoint, Consumer<McpSchema.LoggingMessageNotification> logs, String... headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder();
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(hub.baseUrl())
                    .endpoint(endpoint)
                    .requestBuilder(request)
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(20))
            .loggingConsumer(logs)
            .build();
    client.initialize();
    return client;
  }

  static Http.Response initialize(String... headers) {
    String[] all = new String[headers.length + 4];
    System.arraycopy(headers, 0, all, 0, headers.length);
    all[headers.length] = "Content-Type";
    all[headers.length + 1] = "application/json";
    all[headers.length + 2] = "Accept";
    all[headers.length + 3] = "application/json, text/event-stream";
    return http.send(
        http.request("/mcp", all).POST(HttpRequest.BodyPublishers.ofString(INITIALIZE)));
  }

  static String bearer(String token) {
    return "Bearer " + token;
  }

  @Test
  void a_session_named_at_initialize_acts_as_that_agent_of_the_token_s_project() {
    try (McpSyncClient alice =
        client(
            "/mcp",
            "Authorization",
            bearer(TestHubs.ALPHA),
            "X-KXM-Agent-Name",
            "alice",
            "X-KXM-Agent-Purpose",
            "reviews diffs")) {
      var listed = alice.callTool(McpSchema.CallToolRequest.builder("kxm_list").build());

      assertThat(bound).contains("alpha/alice/reviews diffs");
      String text = ((McpSchema.TextContent) listed.content().getFirst()).text();
      assertThat(Json.read(text).path("agents").get(0).path("name").asString()).isEqualTo("alice");
    }
  }

  @Test
  void tools_list_at_the_mount_equals_the_catalog() {
    try (McpSyncClient client =
        client("/mcp", "Authorization", bearer(TestHubs.ALPHA), "X-KXM-Agent-Name", "lister")) {
      assertThat(Json.write(client.listTools().tools()))
          .isEqualTo(
              Json.write(
                  ToolCatalog.standard().tools().stream()
                      .map(ToolSpecifications::describe)
                      .toList()));
    }
  }

  @Test
  void the_agent_query_parameter_names_the_agent_too() {
    try (McpSyncClient ignored =
        client("/mcp?agent=quentin", "Authorization", bearer(TestHubs.BETA))) {
      assertThat(bound).contains("beta/quentin/null");
    }
  }

  @Test
  void a_session_without_an_agent_name_is_refused_naming_both_ways() {
    var response = initialize("Authorization", bearer(TestHubs.ALPHA));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.errorCode()).isEqualTo("agent_name_required");
    assertThat(response.json().path("error").path("message").asString())
        .contains("X-KXM-Agent-Name")
        .contains("?agent=");
  }

  @Test
  void an_unknown_token_gets_401_that_names_the_bearer_scheme() {
    var response =
        initialize("Authorization", bearer("not-a-token-of-this-hub"), "X-KXM-Agent-Name", "a");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_invalid");
    assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
  }

  @Test
  void a_foreign_origin_gets_403_and_a_foreign_host_421_before_any_token_is_read() {
    var origin = initialize("Origin", "http://evil.example.com", "X-KXM-Agent-Name", "a");
    var host = initialize("Host", "evil.example.com", "X-KXM-Agent-Name", "a");

    assertThat(origin.status()).isEqualTo(403);
    assertThat(origin.errorCode()).isEqualTo("origin_not_allowed");
    assertThat(host.status()).isEqualTo(421);
    assertThat(host.errorCode()).isEqualTo("host_not_allowed");
  }

  @Test
  void the_hub_s_own_loopback_origin_may_initialize() {
    var response =
        initialize(
            "Origin",
            "http://127.0.0.1:" + hub.port(),
            "Authorization",
            bearer(TestHubs.ALPHA),
            "X-KXM-Agent-Name",
            "browser-tab");

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.header("Mcp-Session-Id")).isNotBlank();
    assertThat(response.header("X-Request-Id")).startsWith("req_");
  }

  @Test
  void the_admin_token_acts_only_for_a_named_project_without_a_token_of_its_own() {
    try (McpSyncClient ignored =
        client(
            "/mcp?project=gamma",
            "Authorization",
            bearer(TestHubs.ADMIN),
            "X-KXM-Agent-Name",
            "ops")) {
      assertThat(bound).contains("gamma/ops/null");
    }
    var unnamed = initialize("Authorization", bearer(TestHubs.ADMIN), "X-KXM-Agent-Name", "ops");
    var tokened =
        initialize(
            "Authorization",
            bearer(TestHubs.ADMIN),
            "X-KXM-Project",
            "alpha",
            "X-KXM-Agent-Name",
            "ops");

    assertThat(unnamed.status()).isEqualTo(400);
    assertThat(unnamed.json().path("error").path("message").asString()).contains("X-KXM-Project");
    assertThat(tokened.status()).isEqualTo(403);
    assertThat(tokened.errorCode()).isEqualTo("project_forbidden");
  }

  @Test
  void a_project_token_may_not_name_another_project() {
    var response =
        initialize(
            "Authorization",
            bearer(TestHubs.ALPHA),
            "X-KXM-Project",
            "beta",
            "X-KXM-Agent-Name",
            "mallory");

    assertThat(response.status()).isEqualTo(403);
    assertThat(response.errorCode()).isEqualTo("project_forbidden");
  }

  @Test
  void a_request_that_arrives_is_pushed_to_the_sessions_of_its_agent_only() {
    List<McpSchema.LoggingMessageNotification> ninaSaw = new CopyOnWriteArrayList<>();
    List<McpSchema.LoggingMessageNotification> omarSaw = new CopyOnWriteArrayList<>();
    try (McpSyncClient nina =
            client(
                "/mcp",
                ninaSaw::add,
                "Authorization",
                bearer(TestHubs.ALPHA),
                "X-KXM-Agent-Name",
                "nina");
        McpSyncClient omar =
            client(
                "/mcp",
                omarSaw::add,
                "Authorization",
                bearer(TestHubs.ALPHA),
                "X-KXM-Agent-Name",
                "omar")) {
      PeerMessage request = request("msg_push1", "omar", "nina");

      // The session's event stream opens just after initialize; until then a push has no reader.
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> mcp.notifyAgent("alpha", "NINA", request) == 1);
      mcp.requestArrived("alpha", "nina", request);
      await().atMost(Duration.ofSeconds(10)).until(() -> ninaSaw.size() >= 2);

      assertThat(ninaSaw.getFirst().logger()).isEqualTo(InboundNotices.LOGGER);
      assertThat(Json.read(ninaSaw.getFirst().data()).path("message").path("id").asString())
          .isEqualTo("msg_push1");
      assertThat(mcp.notifyAgent("beta", "nina", request)).isZero();
      assertThat(omarSaw).isEmpty();
      assertThat(nina.ping()).isNotNull();
      assertThat(omar.ping()).isNotNull();
    }
  }

  static PeerMessage request(String id, String from, String to) {
    return new PeerMessage(
        id,
        "agt_" + from,
        from,
        "agt_" + to,
        to,
        "please review",
        Delivery.FOLLOW_UP,
        MessageStatus.QUEUED,
        SelfOnlyPeers.T0,
        SelfOnlyPeers.T0.plusSeconds(3600),
        null,
        null,
        null,
        null,
        null,
        null);
  }
}
