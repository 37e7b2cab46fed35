package io.kxm.session.adapter.codex;

import io.kxm.session.adapter.KxmMcpServer;
import java.util.List;
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
    toml.append("model_provider = ").append(string(PROVIDER)).append('\n');
    toml.append("approval_policy = \"never\"\n");
    toml.append("\n[model_providers.").append(PROVIDER).append("]\n");
    toml.append("name = \"OpenAI (through KXM)\"\n");
    toml.append("base_url = ").append(string(baseUrl)).append('\n');
    toml.append("env_key = ").append(string(KEY_VARIABLE)).append('\n');
    toml.append("wire_api = \"responses\"\n");
    kxm.ifPresent(server -> mcpServer(toml, server));
    return toml.toString();
  }

  private static void mcpServer(StringBuilder toml, KxmMcpServer server) {
    toml.append("\n[mcp_servers.").append(KxmMcpServer.NAME).append("]\n");
    toml.append("command = ").append(string(server.command())).append('\n');
    toml.append("args = ").append(array(server.args())).append('\n');
    toml.append("required = true\n");
    toml.append("default_tools_approval_mode = \"approve\"\n");
    toml.append("startup_timeout_sec = ").append(MCP_STARTUP_SECONDS).append('\n');
    if (!server.env().isEmpty()) {
      toml.append("\n[mcp_servers.").append(KxmMcpServer.NAME).append(".env]\n");
      new TreeMap<>(server.env())
          .forEach((name, value) ->
              toml.append(string(name)).append(" = ").append(string(value)).append('\n'));
    }
  }

  private static String array(List<String> values) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < values.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(string(values.get(i)));
    }
    return out.append(']').toString();
  }

  /** A TOML basic string: quotes, backslashes and control characters escaped. */
  static String string(String value) {
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\u%04X", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
