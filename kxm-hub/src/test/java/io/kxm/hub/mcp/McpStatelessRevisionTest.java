package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.TestHubs;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Revision 2026-07-28 on /mcp over plain HTTP: discovery, stateless requests without a session, the
 * version and header checks, and that an agent named on each request is registered once.
 */
class McpStatelessRevisionTest {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final String MODERN = "2026-07-28";
  private static HubServer hub;

  @BeforeAll
  static void start() throws Exception {
    hub =
        HubAssembly.start(
            TestHubs.withTokens(Files.createTempDirectory("kxm-mcp-stateless")), Map.of());
  }

  @AfterAll
  static void stop() {
    hub.close();
  }

  @Test
  void discovery_names_both_revisions_and_is_cacheable() throws Exception {
    JsonNode result = ok(post("server/discover", "{}", null, headers("server/discover")));

    assertThat(result.path("supportedVersions").toString())
        .isEqualTo("[\"2026-07-28\",\"2025-11-25\"]");
    assertThat(result.path("capabilities").has("tools")).isTrue();
    assertThat(result.path("resultType").asString()).isEqualTo("complete");
    assertThat(result.path("cacheScope").asString()).isEqualTo("private");
    assertThat(
            result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").asString())
        .isNotBlank();
  }

  @Test
  void tools_list_and_call_need_no_session_and_register_the_agent_once() throws Exception {
    JsonNode tools = ok(post("tools/list", "{}", null, headers("tools/list")));
    assertThat(tools.path("tools")).hasSize(ToolCatalog.standard().tools().size());
    assertThat(tools.path("ttlMs").asLong()).isPositive();

    String call = "{\"name\":\"kxm_list\",\"arguments\":{}}";
    JsonNode first = ok(post("tools/call", call, "stateless-a", headers("tools/call")));
    JsonNode second = ok(post("tools/call", call, "stateless-a", headers("tools/call")));

    assertThat(connectedAt(first, "stateless-a"))
        .as("the second request acts as the agent the first registered")
        .isEqualTo(connectedAt(second, "stateless-a"));
  }

  @Test
  void an_unsupported_version_is_refused_with_the_supported_list() throws Exception {
    JsonNode error =
        refused(
            post(
                "tools/list",
                "{}",
                null,
                Map.of("MCP-Protocol-Version", "2027-01-01", "Mcp-Method", "tools/list"),
                "2027-01-01"),
            400);

    assertThat(error.path("code").asInt()).isEqualTo(-32022);
    assertThat(error.path("data").path("supported").toString())
        .isEqualTo("[\"2026-07-28\",\"2025-11-25\"]");
    assertThat(error.path("data").path("requested").asString()).isEqualTo("2027-01-01");
  }

  @Test
  void the_version_and_method_headers_must_match_the_body() throws Exception {
    assertThat(
            refused(post("tools/list", "{}", null, Map.of("Mcp-Method", "tools/list")), 400)
                .path("code")
                .asInt())
        .isEqualTo(-32020);
    assertThat(
            refused(
                    post(
                        "tools/list",
                        "{}",
                        null,
                        Map.of("MCP-Protocol-Version", MODERN, "Mcp-Method", "tools/call")),
                    400)
                .path("code")
                .asInt())
        .isEqualTo(-32020);
    // the header is checked against the body before the version is: a mismatch is named as such
    assertThat(
            refused(post("server/discover", "{}", null, headers("server/discover"), "v999"), 400)
                .path("code")
                .asInt())
        .isEqualTo(-32020);
  }

  @Test
  void an_envelope_without_a_version_or_capabilities_is_a_bad_request() throws Exception {
    HttpResponse<String> bare =
        send(
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"server/discover\",\"params\":{}}",
            headers("server/discover"));
    HttpResponse<String> noCapabilities =
        send(
            "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"server/discover\",\"params\":{\"_meta\":"
                + "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}",
            headers("server/discover"));

    assertThat(refused(bare, 400).path("code").asInt()).isEqualTo(-32602);
    assertThat(Json.read(bare.body()).path("id").asInt()).isEqualTo(7);
    assertThat(refused(noCapabilities, 400).path("message").asString())
        .contains("io.modelcontextprotocol/clientCapabilities");
  }

  @Test
  void methods_the_revision_removed_or_never_had_are_not_found() throws Exception {
    for (String method :
        new String[] {"ping", "initialize", "logging/setLevel", "unknown/method"}) {
      assertThat(refused(post(method, "{}", null, headers(method)), 404).path("code").asInt())
          .as(method)
          .isEqualTo(-32601);
    }
    JsonNode prompts = ok(post("prompts/list", "{}", null, headers("prompts/list")));
    assertThat(prompts.path("prompts")).isEmpty();
    assertThat(prompts.path("ttlMs").asLong()).isPositive();
  }

  @Test
  void a_tool_call_without_an_agent_name_is_refused() throws Exception {
    HttpResponse<String> refused =
        post("tools/call", "{\"name\":\"kxm_list\",\"arguments\":{}}", null, headers("tools/call"));

    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(Json.read(refused.body()).path("error").path("code").asString())
        .isEqualTo("agent_name_required");
  }

  private static Map<String, String> headers(String method) {
    return Map.of("MCP-Protocol-Version", MODERN, "Mcp-Method", method);
  }

  private static HttpResponse<String> post(
      String method, String params, String agent, Map<String, String> headers) throws Exception {
    return post(method, params, agent, headers, MODERN);
  }

  private static HttpResponse<String> post(
      String method, String params, String agent, Map<String, String> headers, String version)
      throws Exception {
    JsonNode body = Json.read(params);
    ((tools.jackson.databind.node.ObjectNode) body)
        .putObject("_meta")
        .put("io.modelcontextprotocol/protocolVersion", version)
        .putObject("io.modelcontextprotocol/clientCapabilities");
    String message =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + body + "}";
    return send(message, agent, headers);
  }

  private static HttpResponse<String> send(String message, Map<String, String> headers)
      throws Exception {
    return send(message, null, headers);
  }

  private static HttpResponse<String> send(
      String message, String agent, Map<String, String> headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
                URI.create(hub.baseUrl() + "/mcp" + (agent == null ? "" : "?agent=" + agent)))
            .timeout(Duration.ofSeconds(30))
            .header("Authorization", "Bearer " + TestHubs.ALPHA)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(message));
    headers.forEach(request::header);
    return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode ok(HttpResponse<String> response) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    JsonNode answer = Json.read(response.body());
    assertThat(answer.has("error")).as(response.body()).isFalse();
    return answer.path("result");
  }

  private static JsonNode refused(HttpResponse<String> response, int status) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return Json.read(response.body()).path("error");
  }

  private static String connectedAt(JsonNode callResult, String agent) {
    JsonNode listed = Json.read(callResult.path("content").path(0).path("text").asString());
    for (JsonNode one : listed.path("agents")) {
      if (one.path("name").asString().equals(agent)) {
        return one.path("connectedAt").asString();
      }
    }
    throw new AssertionError(agent + " is not in " + listed);
  }
}
