package io.kxm.mcp.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.policy.SessionTokens;
import io.kxm.core.policy.ToolPolicy;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.ToolSpecifications;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class StdioMcpServerTest {
  @TempDir static Path shared;
  @TempDir Path home;

  /** One child for the tests that need no particular environment; each start costs seconds. */
  private static McpSyncClient plain;

  @BeforeAll
  static void start_a_plain_server() {
    plain = connect(shared, Map.of());
  }

  @AfterAll
  static void stop_the_plain_server() {
    plain.close();
  }

  @Test
  void tools_list_over_stdio_equals_the_catalog() {
    // Compared as JSON text: a number read back may be an Integer where the catalog has a Long.
    assertThat(Json.write(plain.listTools().tools()))
        .isEqualTo(
            Json.write(
                ToolCatalog.standard().tools().stream()
                    .map(ToolSpecifications::describe)
                    .toList()));
  }

  @Test
  void a_tool_call_returns_the_result_as_json_text() {
    CallToolResult result = call(plain, "kxm_send", Map.of("target", "bob", "content", "review"));
    assertThat(result.isError()).isFalse();
    JsonNode json = Json.read(text(result));
    assertThat(json.path("messageId").asString()).startsWith("msg_");
    assertThat(json.path("status").asString()).isEqualTo("queued");
    assertThat(json.path("target").asString()).isEqualTo("bob");
  }

  @Test
  void arguments_that_break_the_schema_get_the_hubs_code_and_next_step_over_stdio() {
    CallToolResult tooLong =
        call(plain, "kxm_send", Map.of("target", "bob", "content", "x".repeat(32_001)));
    CallToolResult unknown = call(plain, "kxm_inbox", Map.of("all", true));
    CallToolResult wrongType = call(plain, "kxm_list", Map.of("includeOffline", "yes"));

    assertThat(tooLong.isError()).isTrue();
    assertThat(text(tooLong))
        .startsWith(
            "value_too_long: content is 32,001 characters, limit 32,000; shorten it or send a"
                + " reference");
    assertThat(text(unknown)).startsWith("unknown_field: all is not a parameter of kxm_inbox");
    assertThat(text(wrongType))
        .startsWith("invalid_type: includeOffline must be true or false, got a string");
  }

  @Test
  void a_hub_refusal_becomes_an_error_result_that_starts_with_its_code() {
    CallToolResult result = call(plain, "kxm_send", Map.of("target", "nobody", "content", "hi"));
    assertThat(result.isError()).isTrue();
    assertThat(text(result))
        .startsWith("target_not_found: no online peer named nobody")
        .contains("kxm_list");
  }

  @Test
  void a_signed_read_only_session_token_denies_sending_and_allows_reading() {
    StatePaths state = new StatePaths(home.resolve("state"));
    String token =
        SessionTokens.issue(
            ToolPolicy.readOnly(), Duration.ofHours(1), state.sessionKey(), Clock.systemUTC());
    try (McpSyncClient client = connect(home, Map.of("KXM_SESSION_TOKEN", token))) {
      CallToolResult denied = call(client, "kxm_send", Map.of("target", "bob", "content", "hi"));
      assertThat(denied.isError()).isTrue();
      assertThat(text(denied))
          .startsWith("tool_policy_denied: kxm_send is blocked by the read-only preset")
          .contains("KXM_SESSION_TOKEN");
      assertThat(call(client, "kxm_list", Map.of()).isError()).isFalse();
    }
  }

  @Test
  void the_process_answers_requests_in_flight_then_exits_when_stdin_closes() throws Exception {
    Process process = StdioChild.process(home, Map.of()).start();
    try (OutputStream stdin = process.getOutputStream()) {
      for (String line :
          List.of(
              "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
              "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_send\",\"arguments\":{\"target\":\"bob\",\"content\":\"hi\"}}}",
              "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"kxm_await\",\"arguments\":{\"messageId\":\"msg_1\",\"timeoutMs\":1500}}}")) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } // stdin closes here, while the await is still waiting
    List<String> out;
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      out = reader.lines().toList();
    }
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    assertThat(out).anySatisfy(line -> assertThat(line).contains("\"id\":2").contains("msg_1"));
    // The two calls run concurrently, so the await may run before the send stored msg_1; either
    // way it must have been answered before the process exited.
    assertThat(out)
        .anySatisfy(line ->
            assertThat(line)
                .contains("\"id\":3")
                .containsAnyOf(
                    "await_timed_out: timed out waiting for msg_1", "message_not_found"));
  }

  private static McpSyncClient connect(Path home, Map<String, String> env) {
    Map<String, String> all = new HashMap<>(StdioChild.isolated(home));
    all.putAll(env);
    ServerParameters parameters =
        ServerParameters.builder(StdioChild.java()).args(StdioChild.arguments()).env(all).build();
    McpSyncClient client =
        McpClient.sync(new StdioClientTransport(parameters, McpJson.mapper()))
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    client.initialize();
    return client;
  }

  static CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());
  }

  static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }
}
