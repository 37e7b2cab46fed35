package io.kxm.session.adapter.codex;

import io.kxm.core.toml.TomlValues;
import io.kxm.session.adapter.KxmMcpServer;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code config.toml} of a turn's temporary {@code CODEX_HOME}: one model provider that speaks
 * the Responses API at the supervisor's OpenAI base URL and reads its key from the environment (so
 * the key is never written), no approvals (nobody is there to approve), and, when the supervisor
 * can start it, the {@code kxm} MCP server with its {@code KXM_*} variables. Codex starts stdio MCP
 * servers with a filtered environment, so those variables must be in the server's own entry.
 */
final class CodexConfig {
  static final String PROVIDER = "kxm";
  static final String KEY_VARIABLE = "OPENAI_API_KEY";
  static final String BASE_URL_VARIABLE = "OPENAI_BASE_URL";
  static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";

  /**
   * A JVM that starts {@code kxm mcp} and registers with the hub needs longer than Codex's 10 s.
   */
  static final int MCP_STARTUP_SECONDS = 60;

  private CodexConfig() {}

  static String render(String baseUrl, Optional<KxmMcpServer> kxm) {
    StringBuilder toml = new StringBuilder();
    toml.append("model_provider = ").append(TomlValues.string(PROVIDER)).append('\n');
    toml.append("approval_policy = \"never\"\n");
    toml.append("\n[model_providers.").append(PROVIDER).append("]\n");
    toml.append("name = \"OpenAI (through KXM)\"\n");
    toml.append("base_url = ").append(TomlValues.string(baseUrl)).append('\n');
    toml.append("env_key = ").append(TomlValues.string(KEY_VARIABLE)).append('\n');
    toml.append("wire_api = \"responses\"\n");
    kxm.ifPresent(server -> mcpServer(toml, server));
    return toml.toString();
  }

  private static void mcpServer(StringBuilder toml, KxmMcpServer server) {
    toml.append("\n[mcp_servers.").append(KxmMcpServer.NAME).append("]\n");
    toml.append("command = ").append(TomlValues.string(server.command())).append('\n');
    toml.append("args = ").append(TomlValues.array(server.args())).append('\n');
    toml.append("required = true\n");
    toml.append("default_tools_approval_mode = \"approve\"\n");
    toml.append("startup_timeout_sec = ").append(MCP_STARTUP_SECONDS).append('\n');
    if (!server.env().isEmpty()) {
      toml.append("\n[mcp_servers.").append(KxmMcpServer.NAME).append(".env]\n");
      new TreeMap<>(server.env())
          .forEach((name, value) ->
              toml.append(TomlValues.string(name))
                  .append(" = ")
                  .append(TomlValues.string(value))
                  .append('\n'));
    }
  }
}
