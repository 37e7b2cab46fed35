package io.kxm.cli.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import io.kxm.testkit.AgentClis;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.ToolResult;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin's PreToolUse hook in the real {@code claude} CLI: a scripted model asks to write a
 * file that another agent holds, and the edit never happens; the model is told who holds it.
 */
class ClaudeCodeReservationTest {
  @TempDir Path dir;
  FakeProvider provider;
  HubServer hub;
  Path claude;
  Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    claude = AgentClis.require("claude");
    provider = FakeProvider.start();
    provider.when(PluginFiles.titleRequests());
    hub = RealHub.start(dir.resolve("hub"));
    GitRepository.withOneCommit(workspace(), "README.md", "hello\n");
    env = PluginFiles.claudeEnvironment(dir, claude, provider.baseUrl().toString());
  }

  @AfterEach
  void tearDown() {
    if (provider != null) {
      provider.close();
    }
    if (hub != null) {
      hub.close();
    }
  }

  @Test
  void a_write_to_a_file_another_agent_reserved_is_denied_and_the_model_hears_who_holds_it()
      throws Exception {
    PluginFiles.installKxm(
        claude,
        workspace(),
        env,
        "hub_url=" + hub.baseUrl(),
        "project=alpha",
        "agent_name=claude-main",
        "auth_token=" + TestEnv.ALPHA);
    CliRun.Result reserved =
        CliRun.run(
            TestEnv.agent(dir, hub.baseUrl(), "bob"),
            workspace(),
            "reserve",
            "--paths",
            "src/**",
            "--reason",
            "moving the parser");
    assertThat(reserved.exit()).as(reserved.err()).isZero();
    Path target = workspace().resolve("src/Parser.java");
    provider.when(Rule.whenToolResultFor("Write", Turn.text("The file is reserved; stopping.")));
    provider.enqueue(
        Turn.toolCall(
            "Write",
            Json.write(Map.of("file_path", target.toString(), "content", "class Parser {}\n"))));

    PluginFiles.Ran turn =
        PluginFiles.run(
            workspace(),
            env,
            Duration.ofMinutes(4),
            List.of(
                claude.toString(),
                "-p",
                "Create src/Parser.java.",
                "--output-format",
                "stream-json",
                "--verbose",
                "--model",
                "claude-sonnet-4-5",
                "--allowedTools",
                "Write"));

    assertThat(turn.exit()).as(turn.out() + turn.err()).isZero();
    assertThat(target).as("the hook stopped the write").doesNotExist();
    List<ToolResult> results =
        PluginFiles.sessionRequests(provider).stream()
            .flatMap(r -> r.toolResults().stream())
            .toList();
    assertThat(results)
        .filteredOn(r -> r.toolName().equals("Write"))
        .singleElement()
        .satisfies(r ->
            assertThat(r.output())
                .contains("reservation_conflict", "src/Parser.java", "bob", "moving the parser"));
    assertThat(Files.exists(workspace().resolve("src"))).isFalse();
  }

  private Path workspace() {
    return dir.resolve("work");
  }
}
