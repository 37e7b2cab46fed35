package io.kxm.session.adapter.claude;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.adapter.AdapterEnvironment;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.TurnInput;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line and environment the claude-code harness gives the CLI. */
class ClaudeCodeHarnessTest {
  static final TurnInput INPUT =
      new TurnInput(
          "ses_abc", "srun_1", "/tmp", "anthropic/claude-sonnet-4-5", "hi", List.of(), List.of());

  @Test
  void the_cli_runs_print_mode_with_stream_json_the_bare_model_and_only_the_kxm_tools() {
    List<String> argv =
        ClaudeCodeHarness.argv(Path.of("/bin/claude"), INPUT, Path.of("/tmp/mcp.json"));

    assertThat(argv)
        .containsExactly(
            "/bin/claude",
            "-p",
            "--output-format",
            "stream-json",
            "--verbose",
            "--model",
            "claude-sonnet-4-5",
            "--mcp-config",
            "/tmp/mcp.json",
            "--strict-mcp-config",
            "--allowedTools",
            "mcp__kxm__*");
    assertThat(ClaudeCodeHarness.model(null)).isNull();
    assertThat(ClaudeCodeHarness.model("claude-opus-4-1")).isEqualTo("claude-opus-4-1");
  }

  @Test
  void only_anthropic_credentials_reach_the_cli_and_tool_search_is_off() {
    Map<String, String> env =
        AdapterEnvironment.forTurn(
            Map.of(
                "PATH", "/usr/bin",
                "ANTHROPIC_API_KEY", "sk-ant-1",
                "ANTHROPIC_BASE_URL", "http://127.0.0.1:9",
                "OPENAI_API_KEY", "sk-openai",
                "KXM_AUTH_TOKEN", "project-token",
                "GITHUB_TOKEN", "ghp_x"),
            INPUT,
            ClaudeCodeHarness.PASS_THROUGH,
            ClaudeCodeHarness.settings(Map.of()));

    assertThat(env)
        .containsEntry("ANTHROPIC_API_KEY", "sk-ant-1")
        .containsEntry("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
        .containsEntry("ENABLE_TOOL_SEARCH", "false")
        .containsEntry("MCP_CONNECT_TIMEOUT_MS", "60000")
        .containsEntry("KXM_SESSION_ID", "ses_abc")
        .doesNotContainKeys("OPENAI_API_KEY", "KXM_AUTH_TOKEN", "GITHUB_TOKEN");
  }

  @Test
  void a_spec_with_an_argv_is_refused() {
    assertThatThrownBy(() ->
            new ClaudeCodeHarness(
                new HarnessSpec("claude-code", List.of("claude")), Map.of(), Clock.systemUTC()))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_INVALID));
  }

  @Test
  void each_session_is_one_agent_on_the_hub() {
    assertThat(ClaudeCodeHarness.agentName(INPUT)).isEqualTo("claude-ses_abc");
  }
}
