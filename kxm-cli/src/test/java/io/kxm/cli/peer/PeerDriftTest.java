package io.kxm.cli.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.Cli;
import io.kxm.cli.support.TestEnv;
import io.kxm.cli.support.TestHub;
import io.kxm.core.json.Json;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import io.kxm.hub.HubServer;
import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import tools.jackson.databind.JsonNode;

/**
 * The catalog, the MCP tool list a hub serves and the CLI's {@code peer} and {@code workflow}
 * commands must say the same thing: the same tools in the same order, and for each the same
 * parameters.
 */
class PeerDriftTest {
  @TempDir static Path dir;
  static HubServer hub;
  static List<McpSchema.Tool> mcpTools;
  static Map<String, CommandLine> cliCommands;
  static final List<ToolDefinition> CATALOG =
      ToolCatalog.standard().tools().stream()
          .filter(t -> t.group() == ToolGroup.PEERS || t.group() == ToolGroup.WORKFLOWS)
          .toList();

  @BeforeAll
  static void read_all_three_surfaces() {
    hub = TestHub.withMcp(dir);
    HttpRequest.Builder headers =
        HttpRequest.newBuilder()
            .header("Authorization", "Bearer " + TestEnv.ALPHA)
            .header("X-KXM-Agent-Name", "drift");
    try (McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(hub.baseUrl())
                    .requestBuilder(headers)
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(20))
            .build()) {
      client.initialize();
      // Context tools have operator commands of their own (kxm context), checked apart.
      List<String> names = CATALOG.stream().map(ToolDefinition::name).toList();
      mcpTools = client.listTools().tools().stream().filter(t -> names.contains(t.name())).toList();
    }
    PrintWriter sink = new PrintWriter(new StringWriter());
    Map<String, CommandLine> groups =
        new Cli(TestEnv.of(dir), dir, sink, sink).commandLine().getSubcommands();
    cliCommands = new LinkedHashMap<>();
    // retire is an operator command of the peer group, not a tool of the catalog.
    groups.get("peer").getSubcommands().entrySet().stream()
        .filter(e -> !e.getKey().equals("retire"))
        .forEach(e -> cliCommands.put("kxm_" + e.getKey(), e.getValue()));
    groups.get("workflow").getSubcommands().forEach((name, c) -> cliCommands.put(toolOf(name), c));
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  /** A workflow command back to its tool: list → kxm_workflow_list, improvement-report as is. */
  static String toolOf(String command) {
    String snake = command.replace('-', '_');
    return snake.contains("_") ? "kxm_" + snake : "kxm_workflow_" + snake;
  }

  /** camelCase to --kebab-case, written out here so the test does not reuse the code it checks. */
  static String option(String property) {
    StringBuilder out = new StringBuilder("--");
    for (char c : property.toCharArray()) {
      out.append(Character.isUpperCase(c) ? "-" + Character.toLowerCase(c) : String.valueOf(c));
    }
    return out.toString();
  }

  /** Option name to "required" or "optional", for the tool's own parameters only. */
  static Map<String, String> expectedOptions(JsonNode schema) {
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(n -> required.add(n.asString()));
    Map<String, String> out = new LinkedHashMap<>();
    for (String property : schema.path("properties").propertyNames()) {
      out.put(option(property), required.contains(property) ? "required" : "optional");
    }
    return out;
  }

  static Map<String, String> cliOptions(CommandLine command) {
    Map<String, String> out = new LinkedHashMap<>();
    for (OptionSpec option : command.getCommandSpec().options()) {
      String name = option.longestName();
      if (!List.of("--json", "--help", "--version").contains(name)) {
        out.put(name, option.required() ? "required" : "optional");
      }
    }
    return out;
  }

  @Test
  void mcp_serves_exactly_the_catalog_s_peer_tools_in_order_with_their_schemas() {
    assertThat(mcpTools.stream().map(McpSchema.Tool::name).toList())
        .isEqualTo(CATALOG.stream().map(ToolDefinition::name).toList());
    for (int i = 0; i < CATALOG.size(); i++) {
      // As JSON text: a number read back may be an int where the catalog holds a long.
      assertThat(Json.write(mcpTools.get(i).inputSchema()))
          .as(CATALOG.get(i).name())
          .isEqualTo(Json.write(CATALOG.get(i).inputSchema()));
      assertThat(mcpTools.get(i).description()).isEqualTo(CATALOG.get(i).description());
    }
  }

  @Test
  void the_cli_has_one_peer_or_workflow_command_per_mcp_tool_in_the_same_order() {
    assertThat(new ArrayList<>(cliCommands.keySet()))
        .isEqualTo(mcpTools.stream().map(McpSchema.Tool::name).toList());
  }

  @Test
  void each_cli_command_has_one_option_per_mcp_tool_parameter_and_requires_the_same_ones() {
    for (McpSchema.Tool tool : mcpTools) {
      CommandLine command = cliCommands.get(tool.name());
      JsonNode schema = Json.MAPPER.valueToTree(tool.inputSchema());

      assertThat(cliOptions(command)).as(tool.name()).isEqualTo(expectedOptions(schema));
      assertThat(command.getCommandSpec().usageMessage().description())
          .as(tool.name())
          .containsExactly(tool.description());
    }
  }

  @Test
  void every_cli_command_offers_json_output() {
    assertThat(new TreeSet<>(cliCommands.keySet()))
        .allSatisfy(name ->
            assertThat(cliCommands.get(name).getCommandSpec().findOption("--json")).isNotNull());
  }
}
