package io.kxm.session.adapter.codex;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.toml.TomlValues;
import io.kxm.session.adapter.KxmMcpServer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CodexConfigTest {

  @Test
  void the_provider_speaks_responses_at_the_base_url_and_reads_the_key_from_the_environment() {
    String toml = CodexConfig.render("http://127.0.0.1:4242/v1", Optional.empty());

    assertThat(toml)
        .isEqualTo(
            """
            model_provider = "kxm"
            approval_policy = "never"

            [model_providers.kxm]
            name = "OpenAI (through KXM)"
            base_url = "http://127.0.0.1:4242/v1"
            env_key = "OPENAI_API_KEY"
            wire_api = "responses"
            """);
  }

  @Test
  void the_kxm_server_is_required_approved_and_carries_its_variables() {
    KxmMcpServer kxm =
        new KxmMcpServer(
            "/usr/bin/java",
            List.of("-cp", "/opt/kxm/kxm.jar", "io.kxm.cli.Main", "mcp"),
            Map.of("KXM_AGENT_NAME", "codex-s1", "KXM_AUTH_TOKEN", "tok\"en\\1"));

    String toml = CodexConfig.render("http://x/v1", Optional.of(kxm));

    assertThat(toml)
        .endsWith(
            """
            [mcp_servers.kxm]
            command = "/usr/bin/java"
            args = ["-cp", "/opt/kxm/kxm.jar", "io.kxm.cli.Main", "mcp"]
            required = true
            default_tools_approval_mode = "approve"
            startup_timeout_sec = 60

            [mcp_servers.kxm.env]
            "KXM_AGENT_NAME" = "codex-s1"
            "KXM_AUTH_TOKEN" = "tok\\"en\\\\1"
            """);
  }

  @Test
  void control_characters_are_escaped_in_strings() {
    assertThat(TomlValues.string("a\nb\tc\u0001")).isEqualTo("\"a\\nb\\tc\\u0001\"");
  }
}
