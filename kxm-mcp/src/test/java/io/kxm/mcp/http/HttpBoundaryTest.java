package io.kxm.mcp.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The /mcp boundary on the wire: Host, Origin, bearer token, agent name, session ownership. */
class HttpBoundaryTest {
  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
  static final String LIST_TOOLS = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";

  static final TestEndpoints ENDPOINTS = new TestEndpoints();
  static JettyHarness jetty;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    jetty = new JettyHarness().mount("/", ENDPOINTS.open(ActivePolicy.OPEN)).start();
  }

  @AfterAll
  static void stop() throws Exception {
    jetty.close();
  }

  @Test
  void a_session_without_an_agent_name_is_refused_naming_both_ways_to_give_one() throws Exception {
    HttpResponse<String> response = post("/mcp", INITIALIZE, "Authorization", "Bearer token-a");
    assertThat(response.statusCode()).isEqualTo(400);
    JsonNode error = Json.read(response.body()).path("error");
    assertThat(error.path("code").asString()).isEqualTo("agent_name_required");
    assertThat(error.path("message").asString()).contains("X-KXM-Agent-Name", "?agent=");
  }

  @Test
  void the_agent_query_parameter_and_the_purpose_header_name_the_agent() throws Exception {
    HttpResponse<String> response =
        post(
            "/mcp?agent=hank",
            INITIALIZE,
            "Authorization",
            "Bearer token-b",
            "X-KXM-Agent-Purpose",
            "reviews");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Mcp-Session-Id")).isPresent();
    assertThat(ENDPOINTS.bound).contains("project-b/hank/reviews");
  }

  @Test
  void a_foreign_origin_is_refused_with_403_before_the_token_is_looked_at() throws Exception {
    HttpResponse<String> response = post("/mcp", INITIALIZE, "Origin", "http://evil.example");
    assertThat(response.statusCode()).isEqualTo(403);
    assertThat(Json.read(response.body()).path("error").path("code").asString())
        .isEqualTo("origin_not_allowed");
  }

  @Test
  void an_allowed_origin_passes() throws Exception {
    HttpResponse<String> response =
        post(
            "/mcp",
            INITIALIZE,
            "Origin",
            "http://localhost:5173",
            "Authorization",
            "Bearer token-a",
            "X-KXM-Agent-Name",
            "ivy");
    assertThat(response.statusCode()).isEqualTo(200);
  }

  @Test
  void a_foreign_host_is_refused_with_421() throws Exception {
    String request =
        "POST /mcp HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\n"
            + "Accept: application/json, text/event-stream\r\nAuthorization: Bearer token-a\r\n"
            + "Connection: close\r\nContent-Length: "
            + INITIALIZE.length()
            + "\r\n\r\n"
            + INITIALIZE;
    try (Socket socket = new Socket("127.0.0.1", jetty.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(answer).startsWith("HTTP/1.1 421").contains("host_not_allowed");
    }
  }

  @Test
  void a_missing_or_unknown_token_is_refused_with_401() throws Exception {
    HttpResponse<String> missing = post("/mcp", INITIALIZE, "X-KXM-Agent-Name", "ivy");
    assertThat(missing.statusCode()).isEqualTo(401);
    assertThat(missing.body()).contains("auth_required");
    assertThat(missing.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"kxm\"");
    HttpResponse<String> unknown =
        post("/mcp", INITIALIZE, "X-KXM-Agent-Name", "ivy", "Authorization", "Bearer nope");
    assertThat(unknown.statusCode()).isEqualTo(401);
    assertThat(unknown.body()).contains("auth_invalid");
  }

  @Test
  void a_session_refuses_a_token_of_another_project() throws Exception {
    String session = open("token-a", "jack");
    HttpResponse<String> response =
        post("/mcp", LIST_TOOLS, "Authorization", "Bearer token-b", "Mcp-Session-Id", session);
    assertThat(response.statusCode()).isEqualTo(403);
    assertThat(response.body()).contains("project_forbidden");
  }

  @Test
  void an_ended_or_unknown_session_gets_404_so_the_client_starts_a_new_one() throws Exception {
    String session = open("token-a", "kate");
    HttpResponse<String> deleted =
        HTTP.send(
            HttpRequest.newBuilder(uri("/mcp"))
                .DELETE()
                .header("Authorization", "Bearer token-a")
                .header("Mcp-Session-Id", session)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(deleted.statusCode()).isLessThan(300);
    HttpResponse<String> after =
        post("/mcp", LIST_TOOLS, "Authorization", "Bearer token-a", "Mcp-Session-Id", session);
    assertThat(after.statusCode()).isEqualTo(404);
    assertThat(after.body()).contains("mcp_session_not_found");
  }

  @Test
  void a_message_naming_a_key_twice_is_refused_with_duplicate_key() throws Exception {
    String session = open("token-a", "ivy");
    String call =
        "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
            + "\"arguments\":{\"text\":\"one\",\"text\":\"two\"}}}";

    HttpResponse<String> response =
        post("/mcp", call, "Authorization", "Bearer token-a", "Mcp-Session-Id", session);

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("duplicate_key:").contains("text").doesNotContain("two\"");
  }

  @Test
  void transport_errors_carry_no_stack_trace() throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(uri("/mcp"))
                .GET()
                .header("Authorization", "Bearer token-a")
                .header("Accept", "text/event-stream")
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body())
        .contains("Session ID required")
        .doesNotContain("stackTrace")
        .doesNotContain("at io.");
  }

  private static String open(String token, String agent) throws Exception {
    HttpResponse<String> response =
        post("/mcp", INITIALIZE, "Authorization", "Bearer " + token, "X-KXM-Agent-Name", agent);
    assertThat(response.statusCode()).isEqualTo(200);
    return response.headers().firstValue("Mcp-Session-Id").orElseThrow();
  }

  private static HttpResponse<String> post(String path, String body, String... headers)
      throws Exception {
    List<String> all =
        new ArrayList<>(
            List.of(
                "Content-Type",
                "application/json",
                "Accept",
                "application/json, text/event-stream"));
    all.addAll(List.of(headers));
    return HTTP.send(
        HttpRequest.newBuilder(uri(path))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .headers(all.toArray(String[]::new))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(String path) {
    return URI.create(jetty.baseUrl() + path);
  }
}
